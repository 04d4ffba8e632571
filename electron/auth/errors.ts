/**
 * Typed failures of sign-in and the token lifecycle. Callers branch on the
 * class (or `code`), never on message text; messages are written for a manager
 * to read and never contain a token, code or secret.
 */

export type AuthErrorCode =
  | 'port_in_use'
  | 'listener_timeout'
  | 'listener_closed'
  | 'state_mismatch'
  | 'authorization_denied'
  | 'invalid_callback'
  | 'invalid_grant'
  | 'oauth_error'
  | 'oauth_unexpected_response'
  | 'oauth_transport'
  | 'signed_out'
  | 'invalid_config';

export class AuthError extends Error {
  constructor(readonly code: AuthErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The redirect URI's port is taken (often a second Counterpay window or another app). */
export class PortInUseError extends AuthError {
  constructor(readonly port: number, cause?: unknown) {
    super('port_in_use', `Port ${port} on 127.0.0.1 is already in use, so the sign-in page cannot return to Counterpay. Close the program using port ${port} and try again.`, { cause });
  }
}

export class ListenerTimeoutError extends AuthError {
  constructor(readonly timeoutMs: number) {
    super('listener_timeout', `No answer came back from the bank's sign-in page within ${Math.round(timeoutMs / 1000)} s. Start the sign-in again.`);
  }
}

export class ListenerClosedError extends AuthError {
  constructor() {
    super('listener_closed', 'The sign-in was cancelled.');
  }
}

/** A callback whose `state` is not ours: possibly forged, never trusted (not even its error). */
export class StateMismatchError extends AuthError {
  constructor() {
    super('state_mismatch', 'The sign-in answer did not belong to this sign-in attempt and was refused. Start the sign-in again.');
  }
}

/** The bank redirected back with `error` (e.g. the manager clicked Deny). */
export class AuthorizationDeniedError extends AuthError {
  constructor(readonly error: string, readonly description: string | null) {
    super('authorization_denied', error === 'access_denied'
      ? 'Access was denied on the bank\'s sign-in page.'
      : `The bank refused the sign-in (${error}${description ? `: ${description}` : ''}).`);
  }
}

export class InvalidCallbackError extends AuthError {
  constructor(detail: string) {
    super('invalid_callback', `The bank's sign-in page returned an unusable answer: ${detail}`);
  }
}

/** The OAuth server answered with an RFC 6749 §5.2 error body. */
export class OAuthProtocolError extends AuthError {
  constructor(
    readonly error: string,
    readonly description: string | null,
    readonly status: number,
    code: AuthErrorCode = 'oauth_error',
  ) {
    super(code, `The bank's sign-in server refused the request (HTTP ${status}, ${error}${description ? `: ${description}` : ''}).`);
  }
}

/** The refresh token (or code) is expired, revoked or already used: only a new sign-in helps. */
export class InvalidGrantError extends OAuthProtocolError {
  constructor(description: string | null, status: number) {
    super('invalid_grant', description, status, 'invalid_grant');
  }
}

export class OAuthUnexpectedResponseError extends AuthError {
  /** gateway: an HTML page or a redirect where JSON was due: a gateway stopped the request (the sandbox's staging-token gate). */
  constructor(readonly status: number, detail: string, readonly gateway = false) {
    super('oauth_unexpected_response', `The bank's sign-in server sent an unexpected answer (HTTP ${status}): ${detail}`);
  }
}

/** Network fault or timeout talking to the OAuth server: retrying later may work. */
export class OAuthTransportError extends AuthError {
  constructor(detail: string, cause?: unknown) {
    super('oauth_transport', `The bank's sign-in server could not be reached: ${detail}`, { cause });
  }
}

export const SESSION_ENDED_MESSAGE = "The bank ended this register's session. A manager must sign in again.";
export const NOT_SIGNED_IN_MESSAGE = 'This register is not signed in to the bank. A manager must sign in.';

export class SignedOutError extends AuthError {
  constructor(message: string = NOT_SIGNED_IN_MESSAGE) {
    super('signed_out', message);
  }
}

export class InvalidConfigError extends AuthError {
  constructor(detail: string) {
    super('invalid_config', `Sign-in settings are invalid: ${detail}`);
  }
}
