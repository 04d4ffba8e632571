/** A PaymentEngine on a temp dir, a frozen ManualClock and a FakeBank, for the unit tests. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Attempt } from '../../../shared/domain/attempt.js';
import type { StaffRef } from '../../../shared/domain/staff.js';
import { ManualClock } from '../../../shared/clock.js';
import { memoryLogger } from '../../log.js';
import { PaymentEngine } from '../engine.js';
import type { ChargeInput } from '../new-attempt.js';
import type { EnginePolicy } from '../../../shared/domain/attempt-policy.js';
import { terminalOutcomes } from '../../api/terminal-outcomes.js';
import { decodeLine, type JournalRecord } from '../journal-records.js';
import { FakeBank } from '../stand-ins/fake-bank.js';

/** 10:00 local time, so a few hours of test time never cross midnight by accident. */
export const T0 = new Date(2026, 3, 1, 10, 0, 0).getTime();

export const SALE: ChargeInput = { terminalId: 'term-1', amountMinor: 1330, currency: 'EUR', metadata: { order: 'A-1' } };

export interface Fixture {
  dir: string;
  clock: ManualClock;
  bank: FakeBank;
  engine: PaymentEngine;
  logger: ReturnType<typeof memoryLogger>;
  updates: Attempt[];
  /** Moves time forward in steps, letting the engine's async work finish after each. */
  advance(ms: number, stepMs?: number): Promise<void>;
  /** Closes this engine and opens a new one on the same dir (a restart). */
  reopen(opts?: { bank?: FakeBank }): Promise<Fixture>;
  cleanup(): Promise<void>;
}

export interface FixtureOptions {
  dir?: string;
  clock?: ManualClock;
  bank?: FakeBank;
  policy?: Partial<EnginePolicy>;
  /** A separate monotonic clock (clock-jump tests); by default the wall ManualClock serves as both. */
  monotonic?: ManualClock;
  /** Who is signed in at the counter (staff tests); nobody by default. */
  signedIn?: () => StaffRef | null;
}

export async function openFixture(opts: FixtureOptions = {}): Promise<Fixture> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'counterpay-payments-'));
  const clock = opts.clock ?? new ManualClock({ start: T0, frozen: true });
  const bank = opts.bank ?? new FakeBank();
  const logger = memoryLogger();
  const updates: Attempt[] = [];
  const engine = await PaymentEngine.open({
    dataDir: dir, bank: terminalOutcomes(bank), clock, ...(opts.monotonic ? { monotonic: opts.monotonic } : {}), registerId: 'reg-1', logger, onUpdate: (a) => updates.push(a), ...(opts.policy ? { policy: opts.policy } : {}),
    ...(opts.signedIn ? { signedIn: opts.signedIn } : {}),
  });
  await engine.settled();
  const fx: Fixture = {
    dir, clock, bank, engine, logger, updates,
    async advance(ms, stepMs = 100) {
      for (let left = ms; left > 0; left -= stepMs) {
        clock.advance(Math.min(stepMs, left));
        await engine.settled();
      }
    },
    async reopen(next = {}) {
      await engine.close();
      return openFixture({ ...opts, dir, clock, bank: next.bank ?? new FakeBank() });
    },
    async cleanup() {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return fx;
}

export function journalFiles(dir: string): string[] {
  return readdirSync(join(dir, 'journal')).filter((n) => n.endsWith('.jsonl')).sort();
}

/** Every readable record of one day file, in order. */
export function readRecords(dir: string, file: string): JournalRecord[] {
  const text = readFileSync(join(dir, 'journal', file), 'utf8');
  return text.split('\n').filter(Boolean).flatMap((line) => {
    const d = decodeLine(line);
    return d.ok && d.record ? [d.record] : [];
  });
}

/** The attempt's last snapshot across every readable journal record (what a restart would find). */
export function lastSnapshot(dir: string, id: string): Attempt | undefined {
  let last: Attempt | undefined;
  for (const f of journalFiles(dir)) for (const r of readRecords(dir, f)) for (const a of r.attempts) if (a.id === id) last = a;
  return last;
}

/** The sequence of states an attempt went through according to the journal files. */
export function journaledStates(dir: string, attemptId: string): string[] {
  const states: string[] = [];
  for (const f of journalFiles(dir)) {
    for (const r of readRecords(dir, f)) {
      if (r.kind === 'carry') continue;
      for (const a of r.attempts) if (a.id === attemptId && states[states.length - 1] !== a.state) states.push(a.state);
    }
  }
  return states;
}
