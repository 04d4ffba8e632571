/**
 * POST /oauth2/token: authorization_code (+ client secret, + PKCE S256 when the authorization used it) and
 * refresh_token with rotation. Errors follow RFC 6749 §5.2.
 */
import { readFormBody, type Reply } from '../http-util.js';
import { route, type OAuthClient, type Route, type RouteContext, type Runtime } from '../router.js';
import { PKCE_VALUE_RE, REFRESH_GRACE_MS, authenticateClient, invalidClient, issueTokensForGrant, oauthError, verifierMatches } from './common.js';

const invalidGrant = (description: string) => oauthError(400, 'invalid_grant', description);

function exchangeCode(rt: Runtime, client: OAuthClient, form: URLSearchParams): Reply {
  const { codes, grants } = rt.state.auth;
  const record = codes.get(form.get('code') ?? '');
  if (!record) return invalidGrant('the authorization code is unknown');
  const grant = grants.get(record.grantId)!;
  if (record.used) {
    // RFC 6749 §4.1.2: a replayed code may mean it was stolen; everything issued from it dies.
    grant.revoked = true;
    return invalidGrant('the authorization code was already used; the tokens issued from it are revoked');
  }
  if (rt.clock.now() >= record.expiresAtMs) return invalidGrant('the authorization code expired (codes live 10 minutes)');
  if (record.clientId !== client.clientId) return invalidGrant('the authorization code was issued to another client');
  if (form.get('redirect_uri') !== record.redirectUri) return invalidGrant('redirect_uri does not match the one of the authorization request');
  const verifier = form.get('code_verifier');
  if (record.codeChallenge === null) {
    // No challenge was sent, so there is nothing to check a verifier against.
    record.used = true;
    return issueTokensForGrant(rt, grant, grant.scopes);
  }
  if (verifier === null) return oauthError(400, 'invalid_request', 'code_verifier is required (the authorization used PKCE)');
  if (!PKCE_VALUE_RE.test(verifier)) return oauthError(400, 'invalid_request', 'code_verifier must be 43 to 128 unreserved characters');
  // A failed check leaves the code usable: only a successful exchange consumes it.
  if (!verifierMatches(verifier, record.codeChallenge)) return invalidGrant('code_verifier does not match the code_challenge');
  record.used = true;
  return issueTokensForGrant(rt, grant, grant.scopes);
}

function refresh(rt: Runtime, client: OAuthClient, form: URLSearchParams): Reply {
  const now = rt.clock.now();
  const record = rt.state.auth.refreshTokens.get(form.get('refresh_token') ?? '');
  if (!record) return invalidGrant('the refresh token is unknown');
  const grant = rt.state.auth.grants.get(record.grantId)!;
  if (grant.revoked) return invalidGrant('the refresh token was revoked');
  if (grant.clientId !== client.clientId) return invalidGrant('the refresh token was issued to another client');
  if (now >= record.expiresAtMs) return invalidGrant('the refresh token expired (refresh tokens live 90 days)');
  if (record.rotatedAtMs !== null && now >= record.rotatedAtMs + REFRESH_GRACE_MS) {
    return invalidGrant('the refresh token was already rotated and its 60 s grace period is over');
  }
  const requested = form.get('scope')?.split(' ').filter(Boolean);
  const beyond = requested?.filter((s) => !grant.scopes.includes(s)) ?? [];
  if (beyond.length > 0) return oauthError(400, 'invalid_scope', `scopes not granted: ${beyond.join(' ')}`);
  if (record.rotatedAtMs === null) record.rotatedAtMs = now;
  return issueTokensForGrant(rt, grant, requested && requested.length > 0 ? requested : grant.scopes);
}

async function token(ctx: RouteContext): Promise<Reply> {
  const form = await readFormBody(ctx.req);
  if (!form) return oauthError(400, 'invalid_request', 'the token request must be application/x-www-form-urlencoded');
  const client = authenticateClient(ctx.rt, form);
  if (!client) return invalidClient();
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') return exchangeCode(ctx.rt, client, form);
  if (grantType === 'refresh_token') return refresh(ctx.rt, client, form);
  if (grantType === null) return oauthError(400, 'invalid_request', 'grant_type is required');
  return oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

export const tokenRoutes: Route[] = [route('POST', '/oauth2/token', token)];
