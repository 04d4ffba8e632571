/**
 * What every kill -9 test file needs around its scenarios: one embedded sandbox started by
 * the test process (so it outlives each killed child), a token, the approving terminal's
 * behaviour, children that run the real engine on a data folder, and the clean-up. Calling
 * it registers the file's before/after hooks.
 */
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, SANDBOX_TERMINALS, type Sandbox } from '../../sandbox/index.js';
import { RunningChild, type ChildEvent } from './child-runner.js';

export const CRASH_TERMINAL = SANDBOX_TERMINALS.fr.approve;

export interface CrashSetupOptions {
  /** Latency of every sandbox answer: the window a kill lands in while a request is on the wire. */
  latencyMs: number;
  /** How long the terminal takes to approve. */
  approveDelayMs: number;
}

export interface SandboxPayment {
  id: string;
  idempotency_key: string;
  status: string;
}

export interface CrashSetup {
  /** A fresh data folder, removed after the file's tests. */
  dataDir(prefix: string): string;
  /** A child running the engine against the sandbox; killed after the file's tests if still alive. */
  child(config: Record<string, unknown>): RunningChild;
  /** Payments the sandbox holds for this idempotency key. */
  paymentsWithKey(key: string): Promise<SandboxPayment[]>;
}

export function crashSetup(opts: CrashSetupOptions): CrashSetup {
  let sb: Sandbox | undefined;
  let token = '';
  const dirs: string[] = [];
  const children: RunningChild[] = [];

  before(async () => {
    sb = await startSandbox({ latencyMs: opts.latencyMs });
    token = sb.mintToken({ organization: 'fr', role: 'owner' }).access_token;
    const res = await fetch(`${sb.url}/__sandbox/terminals/${CRASH_TERMINAL}/behaviour`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'approve', delay_ms: opts.approveDelayMs }),
    });
    assert.equal(res.status, 200);
  });

  after(async () => {
    await Promise.all(children.map((c) => c.kill()));
    await sb?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const sandbox = (): Sandbox => {
    if (!sb) throw new Error('the crash sandbox is not started (crashSetup hooks run before the tests)');
    return sb;
  };

  return {
    dataDir(prefix) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    child(config) {
      const c = new RunningChild({ ...config, baseUrl: sandbox().url, token, terminalId: CRASH_TERMINAL });
      children.push(c);
      return c;
    },
    async paymentsWithKey(key) {
      const res = await fetch(`${sandbox().url}/__sandbox/terminal_payments`);
      const body = (await res.json()) as { terminal_payments: SandboxPayment[] };
      return body.terminal_payments.filter((p) => p.idempotency_key === key);
    },
  };
}

/** Matches a child's event by name, and optionally by more. */
export const isEvent = (ev: string, extra: (e: ChildEvent) => boolean = () => true) => (e: ChildEvent): boolean => e.ev === ev && extra(e);
