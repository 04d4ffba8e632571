/**
 * Crash tests: a child process runs the real engine and the real API client
 * against the embedded sandbox (started here, so it survives the child), is
 * SIGKILLed at each step of a payment, and a fresh child restores from the
 * same journal. Every time the sandbox must hold EXACTLY ONE payment for the
 * attempt and the journal must end in 'authorized'.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, SANDBOX_TERMINALS, type Sandbox } from '../sandbox/index.js';
import { RunningChild, type ChildEvent } from './testing/child-runner.js';
import { journaledStates } from './testing/engine-fixture.js';

const TERMINAL = SANDBOX_TERMINALS.fr.approve;
let sb: Sandbox;
let token: string;
const dirs: string[] = [];
const children: RunningChild[] = [];

before(async () => {
  // Latency on every request gives the "in flight" kill a window while the POST is on the wire.
  sb = await startSandbox({ latencyMs: 250 });
  token = sb.mintToken({ organization: 'fr', role: 'owner' }).access_token;
  const res = await fetch(`${sb.url}/__sandbox/terminals/${TERMINAL}/behaviour`, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'approve', delay_ms: 400 }),
  });
  assert.equal(res.status, 200);
});

after(async () => {
  await Promise.all(children.map((c) => c.kill()));
  await sb?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function sandboxPaymentsWithKey(key: string): Promise<{ id: string; status: string }[]> {
  const res = await fetch(`${sb.url}/__sandbox/terminal_payments`);
  const body = (await res.json()) as { terminal_payments: { id: string; idempotency_key: string; status: string }[] };
  return body.terminal_payments.filter((p) => p.idempotency_key === key);
}

function child(dataDir: string, mode: 'charge' | 'restore', hold: 'before-send' | 'after-202' | null, label: string): RunningChild {
  const c = new RunningChild({ mode, hold, dataDir, baseUrl: sb.url, token, terminalId: TERMINAL, label });
  children.push(c);
  return c;
}

const is = (ev: string, extra: (e: ChildEvent) => boolean = () => true) => (e: ChildEvent) => e.ev === ev && extra(e);

interface Scenario {
  label: string;
  hold: 'before-send' | 'after-202' | null;
  /** Waits for the moment to pull the plug. */
  killPoint(c: RunningChild): Promise<unknown>;
  /** Payments in the sandbox for the key at the moment of the kill. */
  paymentsAtKill: number[];
  /** The journal's story from creation to the end. */
  states: string[];
}

const SCENARIOS: Scenario[] = [
  {
    label: 'after the journal write, before the request leaves',
    hold: 'before-send',
    killPoint: (c) => c.waitFor(is('holding'), 'the parked request'),
    paymentsAtKill: [0],
    states: ['sending', 'send_failed', 'sending', 'accepted', 'authorized'],
  },
  {
    label: 'while the request is in flight',
    hold: null,
    // The sandbox's latency keeps the POST on the wire for 250 ms; the kill lands inside it.
    killPoint: async (c) => {
      await c.waitFor(is('create'), 'the request leaving');
      await new Promise((r) => setTimeout(r, 60));
    },
    // The bank may or may not process a request whose client died; either way there must be one payment in the end.
    paymentsAtKill: [0, 1],
    states: ['sending', 'send_failed', 'sending', 'accepted', 'authorized'],
  },
  {
    label: 'after the 202, before it is journaled',
    hold: 'after-202',
    killPoint: (c) => c.waitFor(is('accepted-202'), 'the 202'),
    paymentsAtKill: [1],
    states: ['sending', 'send_failed', 'sending', 'accepted', 'authorized'],
  },
  {
    label: 'during polling',
    hold: null,
    killPoint: async (c) => {
      await c.waitFor(is('update', (e) => e.state === 'accepted'), 'the accepted state');
      await c.waitFor(is('poll'), 'a poll');
    },
    paymentsAtKill: [1],
    states: ['sending', 'accepted', 'authorized'],
  },
];

describe('SIGKILL at each step of a payment, then restore', { concurrency: true }, () => {
  for (const s of SCENARIOS) {
    test(s.label, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-crash-'));
      dirs.push(dataDir);
      const first = child(dataDir, 'charge', s.hold, s.label);
      const created = await first.waitFor(is('update', (e) => e.state === 'sending'), 'the journaled attempt');
      const key = String(created.key);
      const attemptId = String(created.id);
      await s.killPoint(first);
      await first.kill();
      // Anything the dead client left on the wire has reached the sandbox once its latency is over.
      await new Promise((r) => setTimeout(r, 300));
      assert.ok(s.paymentsAtKill.includes((await sandboxPaymentsWithKey(key)).length), 'payments at the moment of the kill');

      const second = child(dataDir, 'restore', null, s.label);
      const final = await second.waitFor(is('final'), 'every attempt final');
      assert.equal((await second.exited).code, 0);
      assert.deepEqual(final.attempts, [{ id: attemptId, state: 'authorized' }]);

      const payments = await sandboxPaymentsWithKey(key);
      assert.equal(payments.length, 1, 'exactly one payment for the attempt');
      assert.equal(payments[0]?.status, 'AUTHORIZED');
      const resends = second.events.filter(is('create'));
      assert.ok(resends.every((e) => e.key === key), 'a restore resends only with the original key');
      if (s.label === 'during polling') assert.equal(resends.length, 0, 'an accepted attempt is never sent again');
      assert.deepEqual(journaledStates(dataDir, attemptId), s.states);
    });
  }
});
