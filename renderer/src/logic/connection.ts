/**
 * What the screens say about the bank connection. When the register is not
 * connected, the counter shows one notice and Charge says why it is off;
 * every error that only repeats that notice is left out, so the cashier does
 * not read the same thing two or three times.
 */
import type { AppState, IpcError } from '../../../shared/ipc/types.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Words } from '../../../shared/i18n/translate.js';

export type Connection = AppState['connection'];

export interface ConnectionNotice {
  title: MessageId;
  /** What it means at the till. */
  message: MessageId;
  /** The main process's own reason, for the technical details; Charge says who must act. */
  technical: string | null;
}

// An unknown state (still loading) is not treated as disconnected: the core refuses a charge it cannot send anyway.
const disconnected = (c: Connection | null | undefined): c is Connection => c !== null && c !== undefined && c.status !== 'connected';

/** The reason Charge is off because of the connection (who must act), or null. */
export function connectionBlocker(connection: Connection | null | undefined): Words | null {
  if (!disconnected(connection)) return null;
  return { id: connection.status === 'signed_out' ? 'connection.signIn' : 'connection.check' };
}

export function connectionNotice(connection: Connection | null | undefined): ConnectionNotice | null {
  if (!disconnected(connection)) return null;
  return {
    title: 'connection.title',
    message: 'connection.message',
    technical: connection.message,
  };
}

/** Drops an error that only says "not signed in" while the connection notice already says it. */
export function unlessCoveredByNotice(error: IpcError | null, connection: Connection | null | undefined): IpcError | null {
  return error !== null && error.code === 'signed_out' && disconnected(connection) ? null : error;
}

export interface IdentityLine {
  /** The organization's own name, shown as it is. */
  name: string | null;
  /** Otherwise what the line says. */
  id: MessageId;
  /** The line reports a missing bank connection and is shown as a warning. */
  disconnected: boolean;
}

/**
 * The top bar's first line: the organization, or the connection state when the
 * bank is not telling us the organization. Short enough not to be cut at 1280 px.
 */
export function identityLine(appState: AppState | null): IdentityLine {
  if (!appState) return { name: null, id: 'identity.loading', disconnected: false };
  if (appState.organization) return { name: appState.organization.name, id: 'identity.loading', disconnected: false };
  if (appState.environment === null) return { name: null, id: appState.closed === 'journal' ? 'identity.journal' : 'identity.noBank', disconnected: true };
  switch (appState.connection.status) {
    case 'signed_out': return { name: null, id: 'identity.signedOut', disconnected: true };
    case 'error': return { name: null, id: 'identity.error', disconnected: true };
    default: return { name: null, id: 'identity.unknownOrganization', disconnected: false };
  }
}
