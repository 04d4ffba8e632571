/**
 * What the cashier reads for each attempt state. Which buttons exist is not decided
 * here: it is commandsAllowed (shared with the engine's guards), in a fixed order.
 */
import { isFinal, type Attempt, type AttemptState } from '../../../shared/domain/attempt.js';
import { commandsAllowed, paidAfterAbandon, type CashierCommand } from '../../../shared/domain/attempt-commands.js';
import { sendProblemWords } from './send-problem.js';

export type AttemptAction = CashierCommand | 'newSale';
export type Tone = 'progress' | 'success' | 'danger' | 'warning';

const LABELS: Record<AttemptAction, string> = {
  resend: 'Resend',
  abandon: 'Abandon',
  newSale: 'New sale',
  tryAgain: 'Try again',
  checkAgain: 'Check again',
  chargeAgain: 'Charge again',
};

/** "Check now" while the customer is still expected, "Check again" once the deadline passed. */
export function actionLabel(action: AttemptAction, state: AttemptState): string {
  return action === 'checkAgain' && state === 'accepted' ? 'Check now' : LABELS[action];
}

const ORDER: readonly AttemptAction[] = ['resend', 'checkAgain', 'tryAgain', 'chargeAgain', 'abandon', 'newSale'];

interface StateRow {
  heading: string;
  tone: Tone;
  /** The 120 s countdown only means something while the outcome is still expected. */
  countdown: boolean;
  /** Short word for lists. */
  outcome: string;
}

const STATES: Record<AttemptState, StateRow> = {
  sending: { heading: 'Sending to the terminal…', tone: 'progress', countdown: true, outcome: 'Sending' },
  send_failed: { heading: 'Connection problem — resending the same payment', tone: 'warning', countdown: true, outcome: 'Resending' },
  accepted: { heading: 'Waiting for the customer on the terminal', tone: 'progress', countdown: true, outcome: 'Waiting' },
  authorized: { heading: 'Paid', tone: 'success', countdown: false, outcome: 'Paid' },
  refused: { heading: 'Refused', tone: 'danger', countdown: false, outcome: 'Refused' },
  rejected: { heading: 'Rejected by the bank', tone: 'danger', countdown: false, outcome: 'Rejected' },
  timed_out: { heading: 'No answer from the terminal', tone: 'warning', countdown: false, outcome: 'No answer' },
};

export interface AttemptPresentation {
  heading: string;
  tone: Tone;
  /** Plain sentences under the heading (reason, instruction, last problem). */
  details: string[];
  actions: AttemptAction[];
  /** False while a resend is already on the wire: the button stays in place, greyed out. */
  actionsEnabled: boolean;
  showCountdown: boolean;
  /** The button that should take focus, so Enter does the expected thing; never a destructive one. */
  primary: AttemptAction | null;
}

/**
 * The core resends a failed send by itself (same key, with backoff), so the
 * attempt goes send_failed → sending → send_failed… Showing "Sending" in
 * between would make the screen flash; a resend keeps the resend screen.
 */
export function isResending(a: Attempt): boolean {
  return a.state === 'sending' && (a.sends > 1 || a.lastError !== null);
}

/** The buttons for the attempt: commandsAllowed in a fixed order; nothing while its first request is leaving. */
function actionsOf(a: Attempt, resending: boolean): AttemptAction[] {
  const shown = resending ? { ...a, state: 'send_failed' as const } : a;
  if (shown.state === 'sending') return [];
  const allowed = new Set<AttemptAction>(commandsAllowed(shown).filter((c): c is CashierCommand => c !== 'resolve' && c !== 'askBank'));
  if (isFinal(shown.state)) allowed.add('newSale');
  return ORDER.filter((x) => allowed.has(x));
}

export function presentAttempt(a: Attempt): AttemptPresentation {
  const resending = isResending(a);
  const row = STATES[resending ? 'send_failed' : a.state];
  const actions = actionsOf(a, resending);
  const paidLate = paidAfterAbandon(a);
  return {
    heading: paidLate ? 'Paid after it was abandoned' : row.heading,
    tone: paidLate ? 'warning' : row.tone,
    details: detailsOf(resending ? { ...a, state: 'send_failed' } : a),
    actions,
    actionsEnabled: !resending,
    showCountdown: row.countdown,
    primary: actions.find((x) => x !== 'abandon' && x !== 'chargeAgain') ?? null,
  };
}

function detailsOf(a: Attempt): string[] {
  switch (a.state) {
    case 'refused':
      return [a.failureReason ? `Reason: ${a.failureReason}` : 'The terminal gave no reason.'];
    case 'rejected':
      return [`Reason: ${a.failureReason ?? a.lastError?.message ?? 'not given'}`];
    case 'timed_out':
      return ['Look at the terminal screen before doing anything.'];
    case 'send_failed':
      return [sendProblemWords(a.lastError), `Sent ${a.sends} ${a.sends === 1 ? 'time' : 'times'} with the same key.`];
    case 'authorized':
      return a.cardSummary ? [`Card ${a.paymentMethod ? `${a.paymentMethod} ` : ''}•••• ${a.cardSummary}`] : [];
    default:
      return [];
  }
}

/** One word or two for the Today list and the journal. */
export function outcomeWords(a: Attempt): string {
  if (a.state === 'authorized' && a.abandoned) return 'Paid after abandon';
  const base = STATES[a.state].outcome;
  return a.abandoned && !isFinal(a.state) ? `${base} (abandoned)` : base;
}

export function toneOf(state: AttemptState): Tone {
  return STATES[state].tone;
}

/** Flags a cashier must pass on, in words. */
export function attemptFlags(a: Attempt): string[] {
  const flags: string[] = [];
  if (a.possibleDuplicate && a.resolution === null) flags.push('Possible duplicate — tell the manager');
  if (a.resolution) flags.push(a.resolution.kind === 'refunded_outside' ? `Refunded outside Counterpay: ${a.resolution.note}` : `Not a duplicate: ${a.resolution.note}`);
  if (a.lateOutcome) flags.push('Late outcome — the answer came after the 120 s deadline');
  return flags;
}
