/**
 * Why a request crossing IPC was refused, as a reason and its parameters, so
 * each language can word it; the English wording lives here as the default
 * (and is what `IpcError.message` carries until every screen translates).
 * A reason not listed here falls back to the error's category code.
 */
import { terminalNameProblemWords } from '../validation/terminal-name.js';

export const ENGLISH = {
  'request.unknown_method': (p: { method: string }) => `unknown method "${p.method}"`,
  /** The first field issue; every issue travels in `issues` with its own code and params. */
  'request.invalid': (p: { pointer: string; detail: string }) => `${p.pointer}: ${p.detail}`,
  'manager.locked': () => 'This is a manager action: enter the manager PIN to continue.',
  'manager.pin_wrong': (p: { attemptsLeft: number }) =>
    `Wrong PIN. ${p.attemptsLeft} ${p.attemptsLeft === 1 ? 'attempt' : 'attempts'} left before a pause.`,
  'manager.pin_paused': (p: { seconds: number }) => `Too many wrong PINs. Try again in ${p.seconds} s.`,
  'manager.pin_unavailable': () => 'The manager PIN could not be read, so manager actions stay locked. The notice on the counter says how to get it back.',
  'bank.signed_out': () => 'This register is not connected to the bank. A manager must sign in (Back office → Settings).',
  'bank.scope_missing': (p: { feature: string; scope: string }) =>
    `${p.feature} is unavailable: the bank connection was not granted the "${p.scope}" permission. A manager can reconnect and grant it.`,
  'terminal.not_listed': () => 'This terminal is no longer in the bank\'s list of terminals. Refresh the list and pick another.',
  'terminal.name_too_long': (p: { max: number }) => terminalNameProblemWords({ why: 'too_long', max: p.max }),
  'terminal.name_invisible': () => terminalNameProblemWords({ why: 'invisible' }),
  'terminal.name_taken': (p: { name: string }) => terminalNameProblemWords({ why: 'taken', name: p.name }),
  'terminal.names_not_shared': () => 'Terminal names are shared through the store, which cannot be reached right now, so the name was not changed. Try again when the store is back.',
  'till.closed': (p: { why: 'no_environment' | 'journal' }) => p.why === 'journal'
    ? 'The payment journal cannot be opened, so no sale can be taken. Ask a manager.'
    : 'No bank is chosen for this register, so no sale can be taken. Ask a manager.',
  'environment.payment_open': (p: { key: string }) =>
    `A payment is still open at the counter (key ${p.key}). Finish or abandon it before changing the bank connection.`,
  'environment.payment_sending': (p: { key: string }) =>
    `A payment request (key ${p.key}) is still on its way to the bank. Wait a few seconds, then try again.`,
  'environment.production_not_ready': (p: { missing: 'settings' | 'client_secret' | 'sign_in' }) =>
    `Production cannot be switched on yet: ${p.missing === 'sign_in' ? 'sign in to it first' : p.missing === 'client_secret' ? 'enter its client secret first' : 'enter its settings first'} (Back office → Settings).`,
  'signin.training': (p: { action: string }) =>
    `Training mode uses the built-in sandbox and has no bank sign-in to ${p.action}. Switch to the bank sandbox or production first.`,
  'signin.not_set_up': (p: { environment: 'sandbox' | 'production' }) =>
    `The ${p.environment === 'production' ? 'production bank connection' : 'bank sandbox'} is not set up: a manager must enter its settings and client secret (Back office → Settings).`,
  'signin.cancelled': () => 'The sign-in was cancelled. Nothing changed.',
  'signin.wrong_staging_token': () => 'The bank sandbox turned the sign-in away at its gate: check the staging token in the sandbox settings.',
  'signin.wrong_client_secret': () => 'The bank refused this app\'s credentials: check the client secret (and the client id) in the settings.',
  'signin.bank_unreachable': () => 'The bank\'s sign-in server did not answer: check the sign-in server address, or try again in a moment.',
  'signin.wrong_server': () => 'The sign-in server answered with a web page instead of a sign-in answer: check the sign-in server address.',
  'signin.no_callback': () => 'The browser never came back from the bank\'s page: the return port registered at the bank probably differs from the one in the settings.',
  'signin.pending': () => 'A sign-in is already waiting for the browser. Finish it there, or cancel it.',
  'signin.no_browser': () => 'This build of Counterpay cannot open the system browser for the bank sign-in.',
  'internal.unexpected': () => 'Counterpay met an unexpected problem. Try again; if it happens again, a manager can open the details.',
} as const;

export type Reason = keyof typeof ENGLISH;
export type ReasonParams<R extends Reason> = Parameters<(typeof ENGLISH)[R]>[0];

export function english<R extends Reason>(reason: R, params: ReasonParams<R>): string {
  return (ENGLISH[reason] as (p: ReasonParams<R>) => string)(params);
}
