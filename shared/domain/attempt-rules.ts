/**
 * The register-side rules about attempts that are not a machine step, named once so the
 * engine, the store link, the day's closing and the environment switch ask the same
 * question the same way. Every duration is an attempt's AGE (see attempt-ages.ts in the
 * engine): a caller that only has wall-clock times (a journal read back from disk) passes
 * wall now minus createdAt, never below zero.
 */
import { ATTEMPT_DEADLINE_MS, isFinal, isOpenDuplicate, type Attempt } from './attempt.js';
import { holdsRegister } from './attempt-commands.js';
import { DEFAULT_POLICY, lateWatchDelay, type EnginePolicy } from './attempt-policy.js';
import type { ReportRow } from './day-report.js';

/** Age of an attempt known only by its wall-clock creation time (a clock set back gives 0, never a negative age). */
export const wallAge = (a: Pick<Attempt, 'createdAt'>, wallNow: number): number => Math.max(0, wallNow - a.createdAt);

/** The attempt of this sale, other than `a`, that the customer already paid; null when none did. */
export function salePaidBy(all: Iterable<Attempt>, a: Pick<Attempt, 'id' | 'saleId'>): string | null {
  for (const o of all) if (o.saleId === a.saleId && o.id !== a.id && o.state === 'authorized') return o.id;
  return null;
}

/** A request of this attempt may be on its way to the bank (a send, or a manager's ask): closing now would lose its answer. */
export function requestOnTheWire(a: Attempt): boolean {
  return a.state === 'sending' || (a.state === 'timed_out' && a.bankAsked?.answer === 'pending');
}

/** This register no longer needs the attempt's terminal: final, or abandoned and past its deadline (nothing more is sent). */
export function mayReleaseLease(a: Attempt, ageMs: number): boolean {
  if (isFinal(a.state)) return true;
  return a.abandoned && (a.state === 'timed_out' || ageMs >= ATTEMPT_DEADLINE_MS);
}

/**
 * Must the attempt follow into the next day's journal file? Everything not final, except a
 * released timed-out attempt nothing watches any more; and a possible duplicate until a
 * manager resolved it (the manager's list must not lose it at midnight).
 */
export function carriedToNextDay(a: Attempt, ageMs: number, policy: EnginePolicy): boolean {
  if (isOpenDuplicate(a)) return true;
  if (isFinal(a.state)) return false;
  if (a.state === 'timed_out' && !holdsRegister(a)) return a.paymentId !== null && lateWatchDelay(policy, ageMs) !== null;
  return true;
}

/**
 * Keeps its day from being closed: still in the engine's hands, still watched for a late
 * outcome after its deadline, or money a manager must settle.
 */
export function keepsDayOpen(row: Pick<ReportRow, 'status' | 'openDuplicate'>, ageMs: number, policy: EnginePolicy = DEFAULT_POLICY): boolean {
  if (row.status === 'open') return true;
  if (row.status === 'no_answer' && lateWatchDelay(policy, ageMs) !== null) return true;
  return row.openDuplicate;
}
