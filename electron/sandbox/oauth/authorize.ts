/**
 * GET /oauth2/auth (authorization request, RFC 6749 §4.1.1, PKCE when sent or registered) and
 * POST /oauth2/auth/decision (the consent form's answer).
 */
import { KNOWN_SCOPES, opaqueToken, principalFor } from '../auth.js';
import { readFormBody, type Reply } from '../http-util.js';
import { route, type OAuthClient, type Route, type RouteContext, type Runtime } from '../router.js';
import { SANDBOX_ORG_KEYS, SANDBOX_ORGS, SANDBOX_ROLES, type SandboxOrgKey, type SandboxRole } from '../seed-ids.js';
import type { ConsentRequest, Grant } from '../state.js';
import { AUTH_CODE_TTL_MS, PKCE_VALUE_RE, findClient } from './common.js';
import { DECISION_PATH, authErrorPage, consentPage } from './consent-page.js';

function redirect(redirectUri: string, params: Record<string, string>): Reply {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return { status: 302, headers: { Location: target.toString() }, text: '' };
}

const redirectError = (redirectUri: string, error: string, description: string, state: string | null) =>
  redirect(redirectUri, { error, error_description: description, ...(state ? { state } : {}) });

/** The problem with the request, once client and redirect_uri are known good, or null. */
function requestProblem(q: URLSearchParams, client: OAuthClient): { error: string; description: string } | null {
  if (q.get('response_type') !== 'code') return { error: 'unsupported_response_type', description: 'response_type must be "code"' };
  if (!q.get('state')) return { error: 'invalid_request', description: 'state is required' };
  const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
  if (scopes.length === 0) return { error: 'invalid_scope', description: 'scope is required (space-separated)' };
  const unknown = scopes.filter((s) => !KNOWN_SCOPES.includes(s));
  if (unknown.length > 0) return { error: 'invalid_scope', description: `unknown scopes: ${unknown.join(' ')}` };
  // The provider's own authorization example has no PKCE: it is required only of a client registered with it, and checked whenever sent.
  const pkceSent = q.get('code_challenge') !== null || q.get('code_challenge_method') !== null;
  if (client.pkce === 'required' && !pkceSent) return { error: 'invalid_request', description: 'this client is registered with PKCE: code_challenge and code_challenge_method=S256 are required' };
  if (pkceSent && q.get('code_challenge_method') !== 'S256') return { error: 'invalid_request', description: 'code_challenge_method must be S256' };
  if (pkceSent && !PKCE_VALUE_RE.test(q.get('code_challenge') ?? '')) return { error: 'invalid_request', description: 'code_challenge must be the base64url SHA-256 of the code verifier' };
  const orgId = q.get('organization_id');
  if (orgId !== null && !SANDBOX_ORG_KEYS.some((k) => SANDBOX_ORGS[k].id === orgId)) return { error: 'invalid_request', description: 'unknown organization_id' };
  return null;
}

function approve(rt: Runtime, consent: ConsentRequest, org: SandboxOrgKey, role: SandboxRole): Reply {
  const grant: Grant = { ...principalFor(org, role, consent.scopes), id: opaqueToken('grant_'), clientId: consent.clientId, revoked: false };
  rt.state.auth.grants.set(grant.id, grant);
  const code = opaqueToken('ory_ac_');
  rt.state.auth.codes.set(code, {
    grantId: grant.id,
    clientId: consent.clientId,
    redirectUri: consent.redirectUri,
    codeChallenge: consent.codeChallenge,
    expiresAtMs: rt.clock.now() + AUTH_CODE_TTL_MS,
    used: false,
  });
  return redirect(consent.redirectUri, { code, state: consent.state });
}

const deny = (consent: ConsentRequest) => redirectError(consent.redirectUri, 'access_denied', 'the user denied the request', consent.state);

function authorizeRequest(ctx: RouteContext): Reply {
  const q = ctx.url.searchParams;
  const client = findClient(ctx.rt, q.get('client_id'));
  if (!client) return authErrorPage('Unknown client_id.');
  const redirectUri = q.get('redirect_uri') ?? '';
  // Exact string match: no prefix, no port or trailing-slash tolerance.
  if (!client.redirectUris.includes(redirectUri)) return authErrorPage('redirect_uri is not registered for this client.');
  const problem = requestProblem(q, client);
  if (problem) return redirectError(redirectUri, problem.error, problem.description, q.get('state'));
  const orgId = q.get('organization_id');
  const consent: ConsentRequest = {
    clientId: client.clientId,
    redirectUri,
    state: q.get('state')!,
    scopes: (q.get('scope') ?? '').split(' ').filter(Boolean),
    codeChallenge: q.get('code_challenge'),
    organization: SANDBOX_ORG_KEYS.find((k) => SANDBOX_ORGS[k].id === orgId) ?? null,
    expiresAtMs: ctx.rt.clock.now() + AUTH_CODE_TTL_MS,
  };
  if (ctx.rt.autoConsent === 'approve') return approve(ctx.rt, consent, consent.organization ?? 'fr', 'owner');
  if (ctx.rt.autoConsent === 'deny') return deny(consent);
  const consentId = opaqueToken('consent_');
  ctx.rt.state.auth.consents.set(consentId, consent);
  return consentPage({ consentId, clientId: client.clientId, redirectUri, scopes: consent.scopes, organization: consent.organization });
}

async function decide(ctx: RouteContext): Promise<Reply> {
  const form = await readFormBody(ctx.req);
  if (!form) return authErrorPage('The consent form must be posted as application/x-www-form-urlencoded.');
  const id = form.get('consent_id') ?? '';
  const consent = ctx.rt.state.auth.consents.get(id);
  if (!consent || ctx.rt.clock.now() >= consent.expiresAtMs) return authErrorPage('This consent request is unknown or expired; start the sign-in again.');
  const decision = form.get('decision');
  if (decision === 'deny') {
    ctx.rt.state.auth.consents.delete(id);
    return deny(consent);
  }
  const org = form.get('organization') as SandboxOrgKey;
  const role = form.get('role') as SandboxRole;
  if (decision !== 'approve') return authErrorPage('decision must be approve or deny.');
  if (!SANDBOX_ORG_KEYS.includes(org) || (consent.organization && org !== consent.organization)) return authErrorPage('Pick one of the offered organizations.');
  if (!SANDBOX_ROLES.includes(role)) return authErrorPage(`role must be one of: ${SANDBOX_ROLES.join(', ')}.`);
  ctx.rt.state.auth.consents.delete(id);
  return approve(ctx.rt, consent, org, role);
}

export const authorizeRoutes: Route[] = [route('GET', '/oauth2/auth', authorizeRequest), route('POST', DECISION_PATH, decide)];
