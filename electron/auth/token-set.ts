/**
 * The token set Counterpay keeps per environment, and the validation of the
 * OAuth server's token response (untrusted input: every field is checked).
 */
import { isPlainObject } from '../../shared/json.js';
import { OAuthUnexpectedResponseError } from './errors.js';

export interface TokenSet {
  access_token: string;
  /** Null when the bank granted no offline_access: the session then ends with the access token. */
  refresh_token: string | null;
  /** Epoch milliseconds by the app's clock. */
  expires_at: number;
  /** Granted scopes. */
  scope: string[];
}

/** Longer than any real token; a bigger value means the answer is not what we think it is. */
const MAX_TOKEN_LENGTH = 8192;

export function parseScope(raw: string): string[] {
  return [...new Set(raw.split(/\s+/).filter(Boolean))];
}

function tokenField(body: Record<string, unknown>, name: string, status: number, required: boolean): string | null {
  const value = body[name];
  if (value === undefined || value === null) {
    if (required) throw new OAuthUnexpectedResponseError(status, `"${name}" is missing`);
    return null;
  }
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TOKEN_LENGTH || /\s/.test(value)) {
    throw new OAuthUnexpectedResponseError(status, `"${name}" is not a token string`);
  }
  return value;
}

/**
 * RFC 6749 §5.1. `requestedAt` is when the request was sent, so the computed
 * expiry errs early rather than late. When `scope` is omitted the grant equals
 * what was asked (§5.1), which the caller passes as `fallbackScope`; likewise a
 * refresh answer without a new refresh_token keeps the old one (§6).
 */
export function parseTokenResponse(
  body: unknown,
  status: number,
  requestedAt: number,
  fallback: { scope: readonly string[]; refreshToken?: string | null },
): TokenSet {
  if (!isPlainObject(body)) throw new OAuthUnexpectedResponseError(status, 'the body is not a JSON object');
  const accessToken = tokenField(body, 'access_token', status, true) as string;
  const refreshToken = tokenField(body, 'refresh_token', status, false);
  const tokenType = body.token_type;
  if (typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer') {
    throw new OAuthUnexpectedResponseError(status, `"token_type" must be "bearer", got ${JSON.stringify(tokenType ?? null)}`);
  }
  const expiresIn = body.expires_in;
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn <= 0 || expiresIn > 366 * 86400) {
    throw new OAuthUnexpectedResponseError(status, '"expires_in" must be a positive number of seconds');
  }
  const scope = body.scope;
  if (scope !== undefined && scope !== null && typeof scope !== 'string') {
    throw new OAuthUnexpectedResponseError(status, '"scope" must be a space-separated string');
  }
  return {
    access_token: accessToken,
    refresh_token: refreshToken ?? fallback.refreshToken ?? null,
    expires_at: requestedAt + Math.floor(expiresIn * 1000),
    scope: typeof scope === 'string' ? parseScope(scope) : [...fallback.scope],
  };
}

/** Shape check for a token set read back from the vault (it may be from an older version or damaged). */
export function isTokenSet(value: unknown): value is TokenSet {
  if (!isPlainObject(value)) return false;
  return typeof value.access_token === 'string' && value.access_token.length > 0
    && (value.refresh_token === null || (typeof value.refresh_token === 'string' && value.refresh_token.length > 0))
    && typeof value.expires_at === 'number' && Number.isFinite(value.expires_at)
    && Array.isArray(value.scope) && value.scope.every((s) => typeof s === 'string');
}
