/**
 * What the cashier reads and may do for each attempt state. Kept in one table
 * so the screen offers exactly the actions the core accepts in that state.
 */
import type { Attempt, AttemptState } from '../../../shared/domain/attempt.js';
import { sendProblemWords } from './send-problem.js';

export type AttemptAction = 'resend' | 'checkNow' | 'abandon' | 'newSale' | 'tryAgain' | 'checkAgain' | 'chargeAgain';
export type Tone = 'progress' | 'success' | 'danger' | 'warning';

export const ACTION_LABELS: Record<AttemptAction, string> = {
  resend: 'Resend',
  checkNow: 'Check now',
  abandon: 'Abandon',
  newSale: 'New sale',
  tryAgain: 'Try again',
  checkAgain: 'Check again',
  chargeAgain: 'Charge again',
};

interface StateRow {
  heading: string;
  tone: Tone;
  actions: AttemptAction[];
  /** The 120 s countdown only means something while the outcome is still expected. */
  countdown: boolean;
  /** Short word for lists. */
  outcome: string;
}

const STATES: Record<AttemptState, StateRow> = {
  sending: { heading: 'Sending to the terminal…', tone: 'progress', actions: [], countdown: true, outcome: 'Sending' },
  send_failed: { heading: 'Connection problem — resending the same payment', tone: 'warning', actions: ['resend'], countdown: true, outcome: 'Resending' },
  accepted: { heading: 'Waiting for the customer on the terminal', tone: 'progress', actions: ['checkNow', 'abandon'], countdown: true, outcome: 'Waiting' },
  authorized: { heading: 'Paid', tone: 'success', actions: ['newSale'], countdown: false, outcome: 'Paid' },
  refused: { heading: 'Refused', tone: 'danger', actions: ['tryAgain', 'newSale'], countdown: false, outcome: 'Refused' },
  rejected: { heading: 'Rejected by the bank', tone: 'danger', actions: ['tryAgain', 'newSale'], countdown: false, outcome: 'Rejected' },
  timed_out: { heading: 'No answer from the terminal', tone: 'warning', actions: ['checkAgain', 'chargeAgain', 'abandon'], countdown: false, outcome: 'No answer' },
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

export function presentAttempt(a: Attempt): AttemptPresentation {
  const resending = isResending(a);
  const row = STATES[resending ? 'send_failed' : a.state];
  return {
    heading: row.heading,
    tone: row.tone,
    details: detailsOf(resending ? { ...a, state: 'send_failed' } : a),
    actions: row.actions,
    actionsEnabled: !resending,
    showCountdown: row.countdown,
    primary: row.actions.find((x) => x !== 'abandon' && x !== 'chargeAgain') ?? null,
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
  const base = STATES[a.state].outcome;
  return a.abandoned && !['authorized', 'refused', 'rejected'].includes(a.state) ? `${base} (abandoned)` : base;
}

export function toneOf(state: AttemptState): Tone {
  return STATES[state].tone;
}

/** Flags a cashier must pass on, in words. */
export function attemptFlags(a: Attempt): string[] {
  const flags: string[] = [];
  if (a.possibleDuplicate) flags.push('Possible duplicate — tell the manager');
  if (a.lateOutcome) flags.push('Late outcome — the answer came after the 120 s deadline');
  return flags;
}
