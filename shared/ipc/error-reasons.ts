/**
 * Why a request crossing IPC was refused: each reason the main process names, with the
 * parameters its words need. The words themselves live only in the message catalogs
 * (shared/i18n/catalogs), in every language; the main process's `message` is a log line
 * made from the reason and its parameters, never a sentence for people.
 * A reason not listed here falls back to the error's category code.
 */

export interface ReasonParamTypes {
  'request.unknown_method': { method: string };
  /** The first field issue; every issue travels in `issues` with its own code and params. */
  'request.invalid': { pointer: string; detail: string };
  'manager.locked': undefined;
  'manager.pin_wrong': { attemptsLeft: number };
  'manager.pin_paused': { seconds: number };
  'manager.pin_unavailable': undefined;
  'bank.signed_out': undefined;
  'bank.scope_missing': { feature: string; scope: string };
  'terminal.not_listed': undefined;
  'terminal.name_too_long': { max: number };
  'terminal.name_invisible': undefined;
  'terminal.name_taken': { name: string };
  'terminal.names_not_shared': undefined;
  'till.closed': { why: 'no_environment' | 'journal' };
  'environment.payment_open': { key: string };
  'environment.payment_sending': { key: string };
  'environment.production_not_ready': { missing: 'settings' | 'client_secret' | 'sign_in' };
  'signin.training': { action: string };
  'signin.not_set_up': { environment: 'sandbox' | 'production' };
  'signin.cancelled': undefined;
  'signin.wrong_staging_token': undefined;
  'signin.wrong_client_secret': undefined;
  'signin.bank_unreachable': undefined;
  'signin.wrong_server': undefined;
  'signin.no_callback': undefined;
  'signin.pending': undefined;
  'signin.no_browser': undefined;
  'internal.unexpected': undefined;
  /** A refund or hand settlement refused before anything was written (electron/history/money-records.ts). */
  'refund.zero_amount': undefined;
  'refund.not_paid': undefined;
  'refund.over_refund': { amountMinor: number; currency: string };
  'refund.not_found': undefined;
  'settle.has_outcome': undefined;
  'settle.still_watched': undefined;
  'settle.already_settled': undefined;
  /** The staff list and who is selling (electron/core/counter-staff.ts, electron/auth/staff-rules.ts). */
  'staff.who_is_selling': undefined;
  'staff.pin_wrong': { attemptsLeft: number };
  'staff.pin_paused': { seconds: number; name: string };
  'staff.pin_shape': undefined;
  'staff.name_empty': undefined;
  'staff.name_long': { max: number };
  'staff.name_taken': { name: string };
  'staff.last_manager': undefined;
  'staff.unknown_person': undefined;
  'staff.inactive': undefined;
  'staff.not_a_manager': undefined;
  'staff.list_unreadable': undefined;
  'staff.manager_first': undefined;
  'staff.store_down': undefined;
  'staff.changed_elsewhere': undefined;
  /** A cashier asked for a shift summary other than their own of today (electron/core/shift-access.ts). */
  'shift.not_yours': undefined;
  /** The journal archive and the signing key (electron/core/handlers/journal-keys.ts). */
  'archive.nothing': { from: string; to: string };
  'signing.no_key': undefined;
}

export type Reason = keyof ReasonParamTypes;
export type ReasonParams<R extends Reason> = ReasonParamTypes[R];

/**
 * The refusal as the log (and a manager's technical details) reads it. A field refusal keeps
 * "pointer: detail", which the screen uses to avoid listing that first issue twice.
 */
export function logLine<R extends Reason>(reason: R, params: ReasonParams<R>): string {
  if (reason === 'request.invalid') {
    const p = params as ReasonParams<'request.invalid'>;
    return `${p.pointer}: ${p.detail}`;
  }
  return params === undefined ? reason : `${reason} ${JSON.stringify(params)}`;
}
