/**
 * Which commands exist for an attempt, in one place: the engine refuses a command
 * not listed here, and the renderer shows exactly these buttons. The attempt
 * machine (attempt-machine.ts) still has the last word on timing (deadline, key age).
 */
import { isFinal, type Attempt } from './attempt.js';

export type CashierCommand = 'resend' | 'checkAgain' | 'tryAgain' | 'chargeAgain' | 'abandon';
export type ManagerCommand = 'resolve' | 'askBank';
export type Command = CashierCommand | ManagerCommand;

export const COMMANDS: readonly Command[] = ['resend', 'checkAgain', 'tryAgain', 'chargeAgain', 'abandon', 'resolve', 'askBank'];

/** Why the command does not exist for this attempt now, or null when it does. */
export function commandRefusal(a: Attempt, command: Command): string | null {
  const final = isFinal(a.state);
  switch (command) {
    case 'resend':
      if (a.state !== 'send_failed') return `attempt is ${a.state}; only a failed send can be resent`;
      if (a.abandoned) return 'attempt was abandoned; it is no longer sent';
      return a.retriedBy ? 'attempt was charged again with a new key' : null;
    case 'checkAgain':
      if (a.state !== 'accepted' && a.state !== 'timed_out') return `attempt is ${a.state}; only an accepted or timed-out payment can be checked again`;
      return a.paymentId === null ? 'the bank never confirmed this payment (no payment id): look at the terminal' : null;
    case 'tryAgain':
    case 'chargeAgain': {
      const from = command === 'tryAgain' ? ['refused', 'rejected'] : ['timed_out'];
      if (a.retriedBy !== null) return `attempt was already retried by ${a.retriedBy}`;
      if (!from.includes(a.state)) return `attempt is ${a.state}; only a refused, rejected or timed-out attempt can be retried`;
      return a.abandoned ? 'attempt was abandoned; start a new sale instead' : null;
    }
    case 'abandon':
      if (final) return `attempt is already ${a.state}`;
      if (a.abandoned) return 'attempt was already abandoned';
      return a.retriedBy ? 'attempt was charged again; the new attempt is the one to abandon' : null;
    case 'resolve':
      if (!(a.state === 'authorized' && a.possibleDuplicate)) return 'only a possible duplicate payment needs a manager\'s resolution';
      return a.resolution ? 'this possible duplicate was already resolved' : null;
    case 'askBank':
      if (a.state !== 'timed_out' || a.paymentId !== null) return 'only a timed-out payment the bank never named can be asked about';
      if (a.retriedBy !== null) return 'this sale was charged again; the answer would no longer be safe to use';
      return a.bankAsked?.answer === 'pending' ? 'the bank is being asked already' : null;
  }
}

/** The commands that exist for this attempt: the engine's guard and the renderer's buttons. */
export function commandsAllowed(a: Attempt): Command[] {
  return COMMANDS.filter((c) => commandRefusal(a, c) === null);
}

/**
 * Holds the register: the cashier must resolve it before a new charge. A
 * timed-out attempt keeps holding it until the cashier confirms (retry) or walks away.
 */
export function holdsRegister(a: Attempt): boolean {
  if (isFinal(a.state) || a.abandoned) return false;
  return !(a.state === 'timed_out' && a.retriedBy !== null);
}

/** Authorized after the cashier walked away from it: the counter shows an alert until a manager resolves it. */
export function paidAfterAbandon(a: Attempt): boolean {
  return a.state === 'authorized' && a.abandoned && a.resolution === null;
}
