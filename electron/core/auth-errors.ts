/**
 * The auth module's typed failures in IPC terms. Its messages are already
 * written for a manager and carry no secret, so they pass through as they are.
 */
import {
  AuthError, AuthorizationDeniedError, InvalidConfigError, ListenerClosedError, ListenerTimeoutError, OAuthProtocolError,
  OAuthTransportError, OAuthUnexpectedResponseError, PortInUseError, SignedOutError, StateMismatchError,
} from '../auth/index.js';
import type { BankEnvironment } from '../../shared/ipc/types.js';
import type { IpcErrorCode } from '../../shared/ipc/types.js';
import { CoreError } from './errors.js';

function codeOf(e: AuthError): IpcErrorCode {
  if (e instanceof SignedOutError) return 'signed_out';
  if (e instanceof InvalidConfigError) return 'invalid_request';
  if (e instanceof AuthorizationDeniedError) return 'forbidden';
  if (e instanceof OAuthTransportError) return 'bank_unavailable';
  if (e instanceof PortInUseError || e instanceof ListenerClosedError || e instanceof ListenerTimeoutError || e instanceof StateMismatchError) {
    return 'conflict';
  }
  // The token endpoint refused or answered something unusable.
  return 'bank_rejected';
}

/**
 * The sign-in failures a manager can fix, each with its own reason so the screen names the
 * setting to check; the auth module's own sentence stays as the technical detail.
 */
type SignInReason =
  | 'signin.cancelled' | 'signin.no_callback' | 'signin.bank_unreachable' | 'signin.wrong_client_secret' | 'signin.wrong_staging_token' | 'signin.wrong_server';

function signInReason(e: AuthError, environment: BankEnvironment | undefined): SignInReason | null {
  if (e instanceof ListenerClosedError) return 'signin.cancelled';
  if (e instanceof ListenerTimeoutError) return 'signin.no_callback';
  if (e instanceof OAuthTransportError) return 'signin.bank_unreachable';
  if (e instanceof OAuthProtocolError && (e.error === 'invalid_client' || e.error === 'unauthorized_client')) return 'signin.wrong_client_secret';
  if (e instanceof OAuthUnexpectedResponseError && e.gateway) return environment === 'sandbox' ? 'signin.wrong_staging_token' : 'signin.wrong_server';
  return null;
}

/** environment: the one being signed in to, when the error comes from a sign-in. */
export function toCoreError(e: unknown, environment?: BankEnvironment): unknown {
  if (!(e instanceof AuthError)) return e;
  const reason = signInReason(e, environment);
  return reason ? CoreError.of(codeOf(e), reason, undefined, { detail: e.message }) : new CoreError(codeOf(e), e.message);
}

/** For promise chains: `.catch(rethrowAsCoreError)`. */
export function rethrowAsCoreError(e: unknown): never {
  throw toCoreError(e);
}
