/**
 * What the cashier reads and may do for each attempt state. Kept in one table
 * so the screen offers exactly the actions the core accepts in that state.
 */
import type { Attempt, AttemptState } from '../../../shared/domain/attempt.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { paymentMethodWords, refusalWords } from '../../../shared/i18n/bank-words.js';
import type { Translate } from '../../../shared/i18n/translate.js';
import { sendProblemWords } from './send-problem.js';

export type AttemptAction = 'resend' | 'checkNow' | 'abandon' | 'newSale' | 'tryAgain' | 'checkAgain' | 'chargeAgain';
export type Tone = 'progress' | 'success' | 'danger' | 'warning';

export const ACTION_LABELS: Record<AttemptAction, MessageId> = {
  resend: 'attempt.action.resend',
  checkNow: 'attempt.action.checkNow',
  abandon: 'attempt.action.abandon',
  newSale: 'attempt.action.newSale',
  tryAgain: 'attempt.action.tryAgain',
  checkAgain: 'attempt.action.checkAgain',
  chargeAgain: 'attempt.action.chargeAgain',
};

interface StateRow {
  heading: MessageId;
  tone: Tone;
  actions: AttemptAction[];
  /** The 120 s countdown only means something while the outcome is still expected. */
  countdown: boolean;
  /** Short word for lists. */
  outcome: MessageId;
}

const STATES: Record<AttemptState, StateRow> = {
  sending: { heading: 'attempt.heading.sending', tone: 'progress', actions: [], countdown: true, outcome: 'attempt.outcome.sending' },
  send_failed: { heading: 'attempt.heading.send_failed', tone: 'warning', actions: ['resend'], countdown: true, outcome: 'attempt.outcome.send_failed' },
  accepted: { heading: 'attempt.heading.accepted', tone: 'progress', actions: ['checkNow', 'abandon'], countdown: true, outcome: 'attempt.outcome.accepted' },
  authorized: { heading: 'attempt.heading.authorized', tone: 'success', actions: ['newSale'], countdown: false, outcome: 'attempt.outcome.authorized' },
  refused: { heading: 'attempt.heading.refused', tone: 'danger', actions: ['tryAgain', 'newSale'], countdown: false, outcome: 'attempt.outcome.refused' },
  rejected: { heading: 'attempt.heading.rejected', tone: 'danger', actions: ['tryAgain', 'newSale'], countdown: false, outcome: 'attempt.outcome.rejected' },
  timed_out: { heading: 'attempt.heading.timed_out', tone: 'warning', actions: ['checkAgain', 'chargeAgain', 'abandon'], countdown: false, outcome: 'attempt.outcome.timed_out' },
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

export function presentAttempt(a: Attempt, t: Translate): AttemptPresentation {
  const resending = isResending(a);
  const row = STATES[resending ? 'send_failed' : a.state];
  return {
    heading: t(row.heading),
    tone: row.tone,
    details: detailsOf(resending ? { ...a, state: 'send_failed' } : a, t),
    actions: row.actions,
    actionsEnabled: !resending,
    showCountdown: row.countdown,
    primary: row.actions.find((x) => x !== 'abandon' && x !== 'chargeAgain') ?? null,
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
        ? t('attempt.card', { method: paymentMethodWords(t, a.paymentMethod), digits: a.cardSummary })
        : t('attempt.cardNoMethod', { digits: a.cardSummary })];
    default:
      return [];
  }
}

/** One word or two for the Today list and the journal. */
export function outcomeWords(a: Attempt, t: Translate): string {
  const base = t(STATES[a.state].outcome);
  return a.abandoned && !['authorized', 'refused', 'rejected'].includes(a.state) ? t('attempt.outcome.abandoned', { outcome: base }) : base;
}

export function toneOf(state: AttemptState): Tone {
  return STATES[state].tone;
}

/** Flags a cashier must pass on, in words. */
export function attemptFlags(a: Attempt, t: Translate): string[] {
  const flags: string[] = [];
  if (a.possibleDuplicate) flags.push(t('attempt.flag.duplicate'));
  if (a.lateOutcome) flags.push(t('attempt.flag.late'));
  return flags;
}
