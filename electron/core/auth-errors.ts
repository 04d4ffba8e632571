/**
 * The auth module's typed failures in IPC terms. Its messages are already
 * written for a manager and carry no secret, so they pass through as they are.
 */
import {
  AuthError, AuthorizationDeniedError, InvalidConfigError, ListenerClosedError, ListenerTimeoutError,
  OAuthTransportError, PortInUseError, SignedOutError, StateMismatchError,
} from '../auth/index.js';
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

export function toCoreError(e: unknown): unknown {
  return e instanceof AuthError ? new CoreError(codeOf(e), e.message) : e;
}

/** For promise chains: `.catch(rethrowAsCoreError)`. */
export function rethrowAsCoreError(e: unknown): never {
  throw toCoreError(e);
}
