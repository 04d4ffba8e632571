/**
 * One attempt in every state and one sample of every machine event, shared by the
 * machine's table test and the guard-table test so both try the same inputs.
 */
import { FRESH_ATTEMPT_FIELDS, type Attempt, type AttemptState } from '../domain/attempt.js';
import type { EventType, MachineEvent } from '../domain/attempt-machine.js';

export const T0 = 1_775_037_600_000;
export const base: Attempt = {
  id: 'a1', saleId: 'a1', previousAttemptId: null, registerId: 'R', terminalId: 't', amountMinor: 1000, currency: 'EUR',
  metadata: {}, idempotencyKey: 'k1', createdAt: T0, deadlineAt: T0 + 120_000, state: 'sending', updatedAt: T0, ...FRESH_ATTEMPT_FIELDS,
};
export const inState: Record<AttemptState, Attempt> = {
  sending: base,
  send_failed: { ...base, state: 'send_failed', lastError: { kind: 'reset', message: 'cut' } },
  accepted: { ...base, state: 'accepted', paymentId: 'p1' },
  timed_out: { ...base, state: 'timed_out' },
  authorized: { ...base, state: 'authorized', paymentId: 'p1', authorizedAmountMinor: 1000, possibleDuplicate: true, abandoned: true },
  refused: { ...base, state: 'refused', paymentId: 'p1', failureReason: 'do_not_honor' },
  rejected: { ...base, state: 'rejected', failureReason: 'bad terminal' },
};
export const SAMPLE: Record<EventType, MachineEvent> = {
  pushAnswered: { type: 'pushAnswered', outcome: { kind: 'accepted', paymentId: 'p1', metadata: null } },
  readAnswered: { type: 'readAnswered', outcome: { kind: 'pending' }, reads: 1, saleAlreadyPaidBy: null },
  deadline: { type: 'deadline' },
  lateWatchEnded: { type: 'lateWatchEnded' },
  resendDue: { type: 'resendDue' },
  restored: { type: 'restored' },
  signedIn: { type: 'signedIn' },
  resend: { type: 'resend' },
  checkAgain: { type: 'checkAgain' },
  tryAgain: { type: 'tryAgain', by: 'a2', saleAlreadyPaidBy: null },
  chargeAgain: { type: 'chargeAgain', by: 'a2', confirmedNoPayment: true, saleAlreadyPaidBy: null },
  abandon: { type: 'abandon' },
  resolve: { type: 'resolve', resolution: { kind: 'refunded_outside', note: 'cash back, receipt 12' } },
  askBank: { type: 'askBank', marker: 'm1' },
  askBankAnswered: { type: 'askBankAnswered', outcome: { kind: 'accepted', paymentId: 'p9', metadata: null } },
};

/** Authorized attempts numbered a1, a2… a second apart on register R1 and terminal T1, each sale its own: for figure tests, which patch the rest. */
export function attemptMaker(): (patch: Partial<Attempt>) => Attempt {
  let n = 0;
  return (patch) => {
    n += 1;
    return {
      id: `a${n}`, saleId: `s${n}`, previousAttemptId: null, registerId: 'R1', terminalId: 'T1', amountMinor: 1000, currency: 'EUR',
      metadata: {}, idempotencyKey: `k${n}`, createdAt: 1000 * n, deadlineAt: 1000 * n + 120_000, state: 'authorized', updatedAt: 1000 * n,
      ...FRESH_ATTEMPT_FIELDS, ...patch,
    };
  };
}
