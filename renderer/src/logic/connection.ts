/**
 * What the screens say about the bank connection. When the register is not
 * connected, the counter shows one notice and Charge says why it is off;
 * every error that only repeats that notice is left out, so the cashier does
 * not read the same thing two or three times.
 */
import type { AppState, IpcError } from '../../../shared/ipc/types.js';

export type Connection = AppState['connection'];

export interface ConnectionNotice {
  title: string;
  /** What it means at the till, in the words the core's own refusal uses ("not connected to the bank"). */
  message: string;
  /** Why, from the main process when it knows, otherwise who must act. */
  detail: string;
}

const SIGN_IN = 'A manager must sign in to the bank (Back office → Settings).';
const CHECK = 'A manager must check the bank connection (Back office → Settings).';

// An unknown state (still loading) is not treated as disconnected: the core refuses a charge it cannot send anyway.
const disconnected = (c: Connection | null | undefined): c is Connection => c !== null && c !== undefined && c.status !== 'connected';

const whoMustAct = (c: Connection): string => (c.status === 'signed_out' ? SIGN_IN : CHECK);

/** The reason Charge is off because of the connection, or null. */
export function connectionBlocker(connection: Connection | null | undefined): string | null {
  return disconnected(connection) ? whoMustAct(connection) : null;
}

export function connectionNotice(connection: Connection | null | undefined): ConnectionNotice | null {
  if (!disconnected(connection)) return null;
  return {
    title: 'Not connected to the bank',
    message: 'This register is not connected to the bank, so no payment can be sent.',
    detail: connection.message ?? whoMustAct(connection),
  };
}

/** Drops an error that only says "not signed in" while the connection notice already says it. */
export function unlessCoveredByNotice(error: IpcError | null, connection: Connection | null | undefined): IpcError | null {
  return error !== null && error.code === 'signed_out' && disconnected(connection) ? null : error;
}

export interface IdentityLine {
  text: string;
  /** The line reports a missing bank connection and is shown as a warning. */
  disconnected: boolean;
}

/**
 * The top bar's first line: the organization, or the connection state when the
 * bank is not telling us the organization. Short enough not to be cut at 1280 px.
 */
export function identityLine(appState: AppState | null): IdentityLine {
  if (!appState) return { text: 'Loading…', disconnected: false };
  if (appState.organization) return { text: appState.organization.name, disconnected: false };
  if (appState.environment === null) return { text: 'No bank chosen for this register', disconnected: true };
  switch (appState.connection.status) {
    case 'signed_out': return { text: 'Not connected to the bank — not signed in', disconnected: true };
    case 'error': return { text: 'Not connected to the bank — connection problem', disconnected: true };
    default: return { text: 'Connected — organization not known yet', disconnected: false };
  }
}
