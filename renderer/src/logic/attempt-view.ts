/**
 * What the cashier reads for each attempt state. Which buttons exist is not decided
 * here: it is commandsAllowed (shared with the engine's guards), in a fixed order.
 */
import { isFinal, type Attempt, type AttemptState } from '../../../shared/domain/attempt.js';
import { commandsAllowed, paidAfterAbandon, type CashierCommand } from '../../../shared/domain/attempt-commands.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { paymentMethodWords, refusalWords } from '../../../shared/i18n/bank-words.js';
import type { Translate } from '../../../shared/i18n/translate.js';
import { sendProblemWords } from './send-problem.js';

export type AttemptAction = CashierCommand | 'newSale';
export type Tone = 'progress' | 'success' | 'danger' | 'warning';

const LABELS: Record<AttemptAction, MessageId> = {
  resend: 'attempt.action.resend',
  abandon: 'attempt.action.abandon',
  newSale: 'attempt.action.newSale',
  tryAgain: 'attempt.action.tryAgain',
  checkAgain: 'attempt.action.checkAgain',
  chargeAgain: 'attempt.action.chargeAgain',
};

/** "Check now" while the customer is still expected, "Check again" once the deadline passed. */
export function actionLabel(action: AttemptAction, state: AttemptState): MessageId {
  return action === 'checkAgain' && state === 'accepted' ? 'attempt.action.checkNow' : LABELS[action];
}

const ORDER: readonly AttemptAction[] = ['resend', 'checkAgain', 'tryAgain', 'chargeAgain', 'abandon', 'newSale'];

interface StateRow {
  heading: MessageId;
  tone: Tone;
  /** The 120 s countdown only means something while the outcome is still expected. */
  countdown: boolean;
  /** Short word for lists. */
  outcome: MessageId;
}

const STATES: Record<AttemptState, StateRow> = {
  sending: { heading: 'attempt.heading.sending', tone: 'progress', countdown: true, outcome: 'attempt.outcome.sending' },
  send_failed: { heading: 'attempt.heading.send_failed', tone: 'warning', countdown: true, outcome: 'attempt.outcome.send_failed' },
  accepted: { heading: 'attempt.heading.accepted', tone: 'progress', countdown: true, outcome: 'attempt.outcome.accepted' },
  authorized: { heading: 'attempt.heading.authorized', tone: 'success', countdown: false, outcome: 'attempt.outcome.authorized' },
  refused: { heading: 'attempt.heading.refused', tone: 'danger', countdown: false, outcome: 'attempt.outcome.refused' },
  rejected: { heading: 'attempt.heading.rejected', tone: 'danger', countdown: false, outcome: 'attempt.outcome.rejected' },
  timed_out: { heading: 'attempt.heading.timed_out', tone: 'warning', countdown: false, outcome: 'attempt.outcome.timed_out' },
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

export function presentAttempt(a: Attempt, t: Translate): AttemptPresentation {
  const resending = isResending(a);
  const row = STATES[resending ? 'send_failed' : a.state];
  const actions = actionsOf(a, resending);
  const paidLate = paidAfterAbandon(a);
  return {
    heading: t(paidLate ? 'attempt.heading.paidAfterAbandon' : row.heading),
    tone: paidLate ? 'warning' : row.tone,
    details: detailsOf(resending ? { ...a, state: 'send_failed' } : a, t),
    actions,
    actionsEnabled: !resending,
    showCountdown: row.countdown,
    primary: actions.find((x) => x !== 'abandon' && x !== 'chargeAgain') ?? null,
  };
}

function detailsOf(a: Attempt, t: Translate): string[] {
  switch (a.state) {
    case 'refused':
      // Why, and what the cashier does next; an unknown bank code is shown as words, never raw.
      return [refusalWords(t, a.failureReason)];
    case 'rejected':
      // The bank's reason is for the back-office journal; the cashier needs the next step.
      return [t('attempt.rejected.detail')];
    case 'timed_out':
      return [t('attempt.timedOut.detail')];
    case 'send_failed':
      return [sendProblemWords(a.lastError, t), t('attempt.sentTimes', { count: a.sends })];
    case 'authorized':
      if (!a.cardSummary) return [];
      return [a.paymentMethod
        ? t('attempt.card', { method: paymentMethodWords(a.paymentMethod), digits: a.cardSummary })
        : t('attempt.cardNoMethod', { digits: a.cardSummary })];
    default:
      return [];
  }
}

/** One word or two for the Today list and the journal. */
export function outcomeWords(a: Attempt, t: Translate): string {
  if (a.state === 'authorized' && a.abandoned) return t('attempt.outcome.paidAfterAbandon');
  const base = t(STATES[a.state].outcome);
  return a.abandoned && !isFinal(a.state) ? t('attempt.outcome.abandoned', { outcome: base }) : base;
}

export function toneOf(state: AttemptState): Tone {
  return STATES[state].tone;
}

/** Flags a cashier must pass on, in words. */
export function attemptFlags(a: Attempt, t: Translate): string[] {
  const flags: string[] = [];
  if (a.possibleDuplicate && a.resolution === null) flags.push(t('attempt.flag.duplicate'));
  if (a.resolution) {
    flags.push(t(a.resolution.kind === 'refunded_outside' ? 'attempt.flag.refundedOutside' : 'attempt.flag.notDuplicate', { note: a.resolution.note }));
  }
  if (a.lateOutcome) flags.push(t('attempt.flag.late'));
  return flags;
}
