/**
 * Which commands exist for an attempt, in ONE guard table: commandsAllowed() (the
 * buttons the renderer shows) and commandRefusal() (the reason the engine gives) both
 * read it, and step() in attempt-machine.ts refuses a command event with the same
 * row before it looks at timing (deadline, key age), which only the machine knows.
 * Each command has one name from the button to the machine event (see MachineEvent).
 *
 * The refusal sentences are English for logs; the cashier reads the catalogs' words.
 */
import { isFinal, type Attempt, type AttemptState } from './attempt.js';

export type CashierCommand = 'resend' | 'checkAgain' | 'tryAgain' | 'chargeAgain' | 'abandon';
export type ManagerCommand = 'resolve' | 'askBank';
export type Command = CashierCommand | ManagerCommand;

export const COMMANDS: readonly Command[] = ['resend', 'checkAgain', 'tryAgain', 'chargeAgain', 'abandon', 'resolve', 'askBank'];

/** One precondition of a command: when `refuses` holds, the command does not exist, for the reason `why`. */
interface Guard {
  refuses: (a: Attempt) => boolean;
  why: (a: Attempt) => string;
}

const onlyIn = (states: readonly AttemptState[], what: string): Guard => ({
  refuses: (a) => !states.includes(a.state),
  why: (a) => `attempt is ${a.state}; ${what}`,
});
const guard = (refuses: Guard['refuses'], why: string | Guard['why']): Guard =>
  ({ refuses, why: typeof why === 'string' ? () => why : why });

const retryFrom = (states: readonly AttemptState[], what: string): Guard[] => [
  guard((a) => a.retriedBy !== null, (a) => `attempt was already retried by ${a.retriedBy}`),
  onlyIn(states, what),
  guard((a) => a.abandoned, 'attempt was abandoned; start a new sale instead'),
];

/** The guard table: a command exists for an attempt when none of its guards refuses; the first that does says why. */
export const GUARDS: Readonly<Record<Command, readonly Guard[]>> = Object.freeze({
  resend: [
    onlyIn(['send_failed'], 'only a failed send can be resent'),
    guard((a) => a.abandoned, 'attempt was abandoned; it is no longer sent'),
    guard((a) => a.retriedBy !== null, 'attempt was charged again with a new key'),
  ],
  checkAgain: [
    onlyIn(['accepted', 'timed_out'], 'only an accepted or timed-out payment can be checked again'),
    guard((a) => a.paymentId === null, 'the bank never confirmed this payment (no payment id): look at the terminal'),
  ],
  tryAgain: retryFrom(['refused', 'rejected'], 'only a refused or rejected attempt can be tried again'),
  chargeAgain: retryFrom(['timed_out'], 'only a timed-out attempt can be charged again'),
  abandon: [
    guard((a) => isFinal(a.state), (a) => `attempt is already ${a.state}`),
    guard((a) => a.abandoned, 'attempt was already abandoned'),
    guard((a) => a.retriedBy !== null, 'attempt was already charged again; the new attempt is the one to abandon'),
  ],
  resolve: [
    guard((a) => !(a.state === 'authorized' && a.possibleDuplicate), 'only a possible duplicate payment needs a manager\'s resolution'),
    guard((a) => a.resolution !== null, 'this possible duplicate was already resolved'),
  ],
  askBank: [
    guard((a) => a.state !== 'timed_out' || a.paymentId !== null, 'only a timed-out payment the bank never named can be asked about'),
    guard((a) => a.bankAsked?.answer === 'pending', 'the bank is being asked already'),
    guard((a) => a.retriedBy !== null, 'this sale was charged again; the answer would no longer be safe to use'),
  ],
});

/** Why the command does not exist for this attempt now, or null when it does. */
export function commandRefusal(a: Attempt, command: Command): string | null {
  const refused = GUARDS[command].find((g) => g.refuses(a));
  return refused ? refused.why(a) : null;
}

/** The commands that exist for this attempt: the engine's guard and the renderer's buttons. */
export function commandsAllowed(a: Attempt): Command[] {
  return COMMANDS.filter((c) => commandRefusal(a, c) === null);
}

/**
 * Holds the register: the cashier must resolve it before a new charge. A
 * timed-out attempt keeps holding it until the cashier confirms (charge again) or walks away.
 */
export function holdsRegister(a: Attempt): boolean {
  if (isFinal(a.state) || a.abandoned) return false;
  return !(a.state === 'timed_out' && a.retriedBy !== null);
}

/** Authorized after the cashier walked away from it: the counter shows an alert until a manager resolves it. */
export function paidAfterAbandon(a: Attempt): boolean {
  return a.state === 'authorized' && a.abandoned && a.resolution === null;
}
