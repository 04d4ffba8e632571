/**
 * Crash tests for the commands after a charge: the child is SIGKILLed while an abandon,
 * or a manager's resolution of the possible duplicate that follows, is being journaled;
 * a fresh child restores from the same journal. The payment is never lost, never made
 * twice, and a payment authorized after the abandon is always flagged for the manager.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { startSandbox, SANDBOX_TERMINALS, type Sandbox } from '../sandbox/index.js';
import { RunningChild, type ChildEvent } from './testing/child-runner.js';
import { journalFiles, readRecords } from './testing/engine-fixture.js';

const TERMINAL = SANDBOX_TERMINALS.fr.approve;
let sb: Sandbox;
let token: string;
const dirs: string[] = [];
const children: RunningChild[] = [];

before(async () => {
  sb = await startSandbox({ latencyMs: 50 });
  token = sb.mintToken({ organization: 'fr', role: 'owner' }).access_token;
  const res = await fetch(`${sb.url}/__sandbox/terminals/${TERMINAL}/behaviour`, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'approve', delay_ms: 1500 }),
  });
  assert.equal(res.status, 200);
});

after(async () => {
  await Promise.all(children.map((c) => c.kill()));
  await sb?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function child(dataDir: string, mode: 'charge' | 'restore', then: 'abandon' | 'resolve' | undefined, label: string): RunningChild {
  const c = new RunningChild({ mode, hold: null, dataDir, baseUrl: sb.url, token, terminalId: TERMINAL, label, ...(then ? { then } : {}) });
  children.push(c);
  return c;
}

const is = (ev: string) => (e: ChildEvent) => e.ev === ev;

/** The attempt's last snapshot across every readable journal record. */
function lastSnapshot(dir: string, id: string): Attempt | undefined {
  let last: Attempt | undefined;
  for (const f of journalFiles(dir)) for (const r of readRecords(dir, f)) for (const a of r.attempts) if (a.id === id) last = a;
  return last;
}

const SCENARIOS = [
  { label: 'killed as the abandon is journaled', then: 'abandon' as const, at: 'abandoning' },
  { label: 'killed right after the abandon', then: 'abandon' as const, at: 'abandoned' },
  { label: 'killed as the manager\'s resolution is journaled', then: 'resolve' as const, at: 'resolving' },
  { label: 'killed right after the resolution', then: 'resolve' as const, at: 'resolved' },
];

describe('SIGKILL during abandon and during a manager resolution, then restore', { concurrency: true }, () => {
  for (const s of SCENARIOS) {
    test(s.label, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-crash-cmd-'));
      dirs.push(dataDir);
      const first = child(dataDir, 'charge', s.then, s.label);
      const charged = await first.waitFor(is('charged'), 'the charge');
      const id = String(charged.id);
      const key = String(charged.key);
      await first.waitFor(is(s.at), s.at);
      await first.kill();

      const second = child(dataDir, 'restore', undefined, s.label);
      await second.waitFor(is('final'), 'every attempt final');
      assert.equal((await second.exited).code, 0);

      const res = await fetch(`${sb.url}/__sandbox/terminal_payments`);
      const { terminal_payments: payments } = (await res.json()) as { terminal_payments: { idempotency_key: string; status: string }[] };
      assert.equal(payments.filter((p) => p.idempotency_key === key).length, 1, 'exactly one payment');
      const a = lastSnapshot(dataDir, id);
      assert.equal(a?.state, 'authorized', 'the payment is never lost');
      // Abandoned before the authorization: the manager must see it, and a resolution is either whole or absent.
      if (a?.abandoned) assert.equal(a.possibleDuplicate, true, 'paid after it was abandoned is flagged');
      if (s.at === 'abandoned' || s.then === 'resolve') assert.equal(a?.abandoned, true, 'the abandon was journaled before it was reported');
      if (s.at === 'resolved') assert.deepEqual(a?.resolution && { kind: a.resolution.kind, note: a.resolution.note }, { kind: 'refunded_outside', note: 'cash refund, receipt 7' });
      if (a?.resolution) assert.equal(a.resolution.kind, 'refunded_outside');
    });
  }
});
