/**
 * An IpcError in words a cashier or manager can act on: what happened and what
 * to do next, from its reason (and its `why`), its code (and the bank's status where it changes the
 * advice). The main process's own text, the status number and the trace stay
 * in the technical details a manager can open, and in the logs.
 */
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { IpcError, IpcErrorCode } from '../../../shared/ipc/types.js';
import type { FieldIssue } from '../../../shared/result.js';
import type { Translate } from '../../../shared/i18n/translate.js';
import { ACTION_LABELS } from './access-notes.js';
import { money } from './format.js';
import { STORE_REFUSALS } from './store-words.js';

export interface ErrorWords {
  title: MessageId;
  next: MessageId;
}

const BY_CODE: Record<IpcErrorCode, ErrorWords> = {
  invalid_request: { title: 'error.invalid_request.title', next: 'error.invalid_request.next' },
  bank_rejected: { title: 'error.bank_rejected.title', next: 'error.bank_rejected.next' },
  bank_unavailable: { title: 'error.bank_unavailable.title', next: 'error.bank_unavailable.next' },
  not_found: { title: 'error.not_found.title', next: 'error.not_found.next' },
  conflict: { title: 'error.conflict.title', next: 'error.conflict.next' },
  forbidden: { title: 'error.forbidden.title', next: 'error.forbidden.next' },
  signed_out: { title: 'error.signed_out.title', next: 'error.signed_out.next' },
  locked: { title: 'error.locked.title', next: 'error.locked.next' },
  internal: { title: 'error.internal.title', next: 'error.internal.next' },
};

/** A status that changes what the person should do; any other keeps the code's words. */
const BY_STATUS: Record<number, ErrorWords> = {
  401: BY_CODE.signed_out,
  403: BY_CODE.forbidden,
  404: BY_CODE.not_found,
  410: { title: 'error.retired.title', next: 'error.retired.next' },
  422: { title: 'error.invalidData.title', next: 'error.invalidData.next' },
  429: { title: 'error.tooMany.title', next: 'error.tooMany.next' },
};

/**
 * The reasons the main process names (shared/ipc/error-reasons.ts) that need
 * more than their code's words; their params fill the message. Any other
 * reason (bank.<code>, request.invalid…) is worded from its code and status.
 */
const BY_REASON: Record<string, ErrorWords> = {
  'manager.pin_wrong': { title: 'error.pinWrong.title', next: 'error.pinWrong.next' },
  'manager.pin_paused': { title: 'error.pinPaused.title', next: 'error.pinPaused.next' },
  // The staff list and who is selling (electron/core/handlers/staff.ts, counter-staff.ts): nothing was changed.
  'staff.who_is_selling': { title: 'staff.who.title', next: 'staff.error.whoIsSelling' },
  'staff.pin_wrong': { title: 'error.pinWrong.title', next: 'error.pinWrong.next' },
  'staff.pin_paused': { title: 'error.pinPaused.title', next: 'staff.error.paused' },
  'staff.pin_shape': { title: 'staff.error.title', next: 'staff.error.pinShape' },
  'staff.name_empty': { title: 'staff.error.title', next: 'staff.error.nameEmpty' },
  'staff.name_long': { title: 'staff.error.title', next: 'staff.error.nameLong' },
  'staff.name_taken': { title: 'staff.error.title', next: 'staff.error.nameTaken' },
  'staff.last_manager': { title: 'staff.error.title', next: 'staff.error.lastManager' },
  'staff.unknown_person': { title: 'staff.error.signInTitle', next: 'staff.error.unknown' },
  'staff.inactive': { title: 'staff.error.signInTitle', next: 'staff.error.inactive' },
  'staff.not_a_manager': { title: 'error.locked.title', next: 'staff.error.notManager' },
  'staff.list_unreadable': { title: 'staff.error.signInTitle', next: 'staff.error.unreadable' },
  'staff.manager_first': { title: 'staff.error.title', next: 'staff.error.managerFirst' },
  'staff.store_down': { title: 'staff.error.title', next: 'staff.error.storeDown' },
  'staff.changed_elsewhere': { title: 'staff.error.title', next: 'staff.error.changedElsewhere' },
  'shift.not_yours': { title: 'error.locked.title', next: 'shift.error.notYours' },
  'payment.terminal_busy': { title: 'error.terminalBusy.title', next: 'error.terminalBusy.next' },
  'payment.store_unavailable': { title: 'error.storeUnavailable.title', next: 'error.storeUnavailable.next' },
  'manager.pin_unavailable': { title: 'error.pinUnavailable.title', next: 'error.pinUnavailable.next' },
  'terminal.names_not_shared': { title: 'office.error.namesNotShared.title', next: 'office.error.namesNotShared.next' },
  'till.closed': { title: 'closed.heading', next: 'closed.reason' },
  'environment.payment_open': { title: 'reason.paymentOpen.title', next: 'reason.paymentOpen.next' },
  'environment.payment_sending': { title: 'reason.paymentSending.title', next: 'reason.paymentSending.next' },
  'environment.production_not_ready': { title: 'glance.production.notReady', next: 'glance.production.notReadyNext' },
  'signin.training': { title: 'reason.signinTraining.title', next: 'reason.signinTraining.next' },
  'signin.not_set_up': { title: 'reason.notSetUp.title', next: 'reason.notSetUp.next' },
  'signin.pending': { title: 'reason.signinPending.title', next: 'reason.signinPending.next' },
  // Each sign-in failure a manager can fix names the setting to check.
  'signin.cancelled': { title: 'glance.signin.cancelled', next: 'glance.signin.cancelledNext' },
  'signin.wrong_staging_token': { title: 'glance.signin.failed', next: 'glance.signin.wrongStagingToken' },
  'signin.wrong_client_secret': { title: 'glance.signin.failed', next: 'glance.signin.wrongClientSecret' },
  'signin.bank_unreachable': { title: 'glance.signin.failed', next: 'glance.signin.bankUnreachable' },
  'signin.wrong_server': { title: 'glance.signin.failed', next: 'glance.signin.wrongServer' },
  'signin.no_callback': { title: 'glance.signin.failed', next: 'glance.signin.noCallback' },
  'signin.no_browser': { title: 'reason.noBrowser.title', next: 'reason.noBrowser.next' },
  // Made by the renderer (logic/register-busy.ts): the other sale's amount and key are the next step.
  'counter.register_busy': { title: 'busy.title', next: 'busy.message' },
  // A refused day closing or correction (electron/core/day-refusal.ts): the obstacle, counted, and the next step.
  'day.not_begun': { title: 'dayRefused.closeTitle', next: 'dayRefused.notBegun' },
  'day.already_closed': { title: 'dayRefused.alreadyClosedTitle', next: 'dayRefused.alreadyClosed' },
  'day.not_settled': { title: 'dayRefused.closeTitle', next: 'dayRefused.notSettled' },
  'day.not_closed': { title: 'dayRefused.correctTitle', next: 'dayRefused.notClosed' },
  'day.nothing_changed': { title: 'dayRefused.correctTitle', next: 'dayRefused.nothingChanged' },
  // A refused month or year closing (electron/history/period-closings.ts): what keeps the period open.
  'closing.period_not_over': { title: 'closingRefused.title', next: 'closingRefused.notOver' },
  'closing.period_open_inside': { title: 'closingRefused.title', next: 'closingRefused.openInside' },
  'closing.period_already_closed': { title: 'closingRefused.title', next: 'closingRefused.alreadyClosed' },
  'closing.period_empty': { title: 'closingRefused.title', next: 'closingRefused.empty' },
  // A refund or hand settlement refused before anything was written (electron/core/handlers/money.ts).
  'refund.zero_amount': { title: 'refund.error.title', next: 'refund.error.zero' },
  'refund.not_paid': { title: 'refund.error.title', next: 'refund.error.notPaid' },
  'refund.over_refund': { title: 'refund.error.title', next: 'refund.error.over' },
  'refund.not_found': { title: 'refund.error.title', next: 'refund.error.notFound' },
  'settle.has_outcome': { title: 'settle.error.title', next: 'settle.error.hasOutcome' },
  'settle.still_watched': { title: 'settle.error.title', next: 'settle.error.stillWatched' },
  'settle.already_settled': { title: 'settle.error.title', next: 'settle.error.alreadySettled' },
  'archive.nothing': { title: 'archive.error.title', next: 'archive.error.nothing' },
  'signing.no_key': { title: 'signingKey.error.title', next: 'signingKey.error.noKey' },
  ...STORE_REFUSALS,
};

/** Reasons whose next step depends on a `why` param: the back-office action refused before reaching the bank, by why. */
const BY_REASON_WHY: Record<string, Record<string, ErrorWords>> = {
  'access.not_allowed': {
    employee: { title: 'office.notAllowed.title', next: 'office.notAllowed.employee' },
    scope_missing: { title: 'office.notAllowed.title', next: 'office.notAllowed.scope_missing' },
    signed_out: { title: 'office.notAllowed.title', next: 'office.notAllowed.signed_out' },
  },
};

export function errorWords(error: Pick<IpcError, 'code' | 'status' | 'reason' | 'params'>): ErrorWords {
  const why = error.params?.why;
  const byWhy = error.reason && Object.hasOwn(BY_REASON_WHY, error.reason) && typeof why === 'string' ? BY_REASON_WHY[error.reason]! : undefined;
  const byReason = (byWhy && Object.hasOwn(byWhy, why as string) ? byWhy[why as string] : undefined)
    ?? (error.reason && Object.hasOwn(BY_REASON, error.reason) ? BY_REASON[error.reason] : undefined);
  return byReason ?? (error.status !== undefined ? BY_STATUS[error.status] : undefined) ?? BY_CODE[error.code] ?? BY_CODE.internal;
}

/**
 * The first error item is already the message (alone, or after its pointer):
 * listing it again under it printed every one-item refusal (a 403, typically) twice.
 */
export function extraIssues(error: IpcError, issues: readonly FieldIssue[]): FieldIssue[] {
  return issues.filter((i) => i.detail !== error.message && `${i.pointer}: ${i.detail}` !== error.message);
}

/**
 * The error's parameters ready for its message: an amount travels as amountMinor and currency
 * (the main process does not know the screen's language) and is formatted here, in the screen's locale.
 */
export function errorParams(
  error: Pick<IpcError, 'params' | 'reason'>, locale: string, t?: Translate, terminalLabel?: (terminalId: string) => string | undefined,
): Record<string, string | number> | undefined {
  let p = error.params;
  // A terminal the main process could not name yet: the screen's own list names it, else "the terminal".
  if (t && p && typeof p.terminalId === 'string' && p.terminal === undefined) {
    p = { ...p, terminal: terminalLabel?.(p.terminalId) ?? t('sale.storeDown.theTerminal') };
  }
  // A refused back-office action names itself by the catalog's button label, in the screen's language.
  const action = p?.action;
  if (t && p && error.reason === 'access.not_allowed' && typeof action === 'string' && Object.hasOwn(ACTION_LABELS, action)) {
    p = { ...p, action: t(ACTION_LABELS[action as keyof typeof ACTION_LABELS]) };
  }
  if (!p || typeof p.amountMinor !== 'number' || typeof p.currency !== 'string') return p;
  return { ...p, amount: money(p.amountMinor, locale, p.currency) };
}
