/** Pieces shared by the OAuth endpoints: client authentication, error replies, token issuance. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { issueAccessToken, opaqueToken } from '../auth.js';
import type { Reply } from '../http-util.js';
import type { OAuthClient, Runtime } from '../router.js';
import type { Grant } from '../state.js';

export const AUTH_CODE_TTL_MS = 10 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 90 * 86_400_000;
/** A rotated refresh token still works this long, so two racing refreshes both succeed (docs/bank-api.md, OAuth sign-in: rotation). */
export const REFRESH_GRACE_MS = 60_000;

/** RFC 6749 §5.2 error body. */
export function oauthError(status: number, error: string, description: string): Reply {
  return { status, json: { error, error_description: description } };
}

export function findClient(rt: Runtime, clientId: string | null): OAuthClient | undefined {
  return clientId === null ? undefined : rt.oauthClients.find((c) => c.clientId === clientId);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** client_id + client_secret from the form body (the provider's documented method); null when they do not match. */
export function authenticateClient(rt: Runtime, form: URLSearchParams): OAuthClient | null {
  const client = findClient(rt, form.get('client_id'));
  const secret = form.get('client_secret');
  if (!client || secret === null || !sameSecret(secret, client.clientSecret)) return null;
  return client;
}

export const invalidClient = () => oauthError(401, 'invalid_client', 'client authentication failed: unknown client_id or wrong client_secret');

/** RFC 7636 §4.6 with S256, the only method the sandbox accepts. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters; a challenge (base64url SHA-256) has the same alphabet. */
export const PKCE_VALUE_RE = /^[A-Za-z0-9\-._~]{43,128}$/;

export function issueTokensForGrant(rt: Runtime, grant: Grant, scopes: string[]): Reply {
  const now = rt.clock.now();
  const access = issueAccessToken(rt.state, now, { org: grant.org, role: grant.role, membershipId: grant.membershipId, scopes }, grant.id);
  const json: Record<string, unknown> = { ...access, scope: scopes.join(' ') };
  // Only offline_access earns a refresh token (docs/bank-api.md, OAuth sign-in).
  if (grant.scopes.includes('offline_access')) {
    const refresh = opaqueToken('ory_rt_');
    rt.state.auth.refreshTokens.set(refresh, { grantId: grant.id, expiresAtMs: now + REFRESH_TOKEN_TTL_MS, rotatedAtMs: null });
    json['refresh_token'] = refresh;
  }
  return { status: 200, json };
}
