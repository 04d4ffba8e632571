import type { Attempt } from '../domain/attempt.js';
import type { FieldIssue } from '../result.js';

export type Environment = 'training' | 'sandbox' | 'production';

export interface OrganizationSummary {
  id: string;
  name: string;
  slug: string;
  locale: string;
  legalCountry: string;
}

export interface DeprecationNotice {
  route: string;
  sunset: string | null;
  deprecatedSince: string | null;
  successor: string | null;
  seenAt: number;
}

export interface AppState {
  environment: Environment;
  registerId: string;
  /** Null while signed out or before the first successful GET /v2/organization. */
  organization: OrganizationSummary | null;
  connection: { status: 'connected' | 'signed_out' | 'error'; message: string | null; grantedScopes: string[] };
  defaultTerminalId: string | null;
  deprecations: DeprecationNotice[];
}

export interface TerminalsView {
  terminals: { id: string; poiId: string }[];
  defaultTerminalId: string | null;
  /** The saved default is no longer in the bank's list: the cashier must pick one. */
  defaultMissing: boolean;
}

export interface AttemptsView {
  attempts: Attempt[];
  authorizedTotalMinor: number;
  currency: 'EUR';
  /** Journal records that could not be read (torn write after a power cut), reported, not hidden. */
  journalWarnings: string[];
}

export type IpcErrorCode =
  | 'invalid_request'   // the payload failed validation; nothing changed
  | 'bank_rejected'     // the bank answered 4xx
  | 'bank_unavailable'  // transport fault, 5xx, 429
  | 'not_found'
  | 'conflict'          // e.g. another attempt is active on this register
  | 'forbidden'         // scope not granted or role not allowed
  | 'signed_out'
  | 'locked'            // manager PIN required
  | 'internal';

export interface IpcError {
  code: IpcErrorCode;
  message: string;
  issues?: FieldIssue[];
  status?: number;
  traceId?: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };
