/** Drives the sandbox's OAuth pages the way a browser and the desktop app would (tests only). */
import { createHash, randomBytes } from 'node:crypto';
import { SANDBOX_OAUTH_CLIENT, type Sandbox } from '../index.js';
import { call } from './test-support.js';

export const REDIRECT_URI = SANDBOX_OAUTH_CLIENT.redirectUris[0];

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeQuery(overrides: Record<string, string | null> = {}, challenge = pkcePair().challenge): string {
  const params: Record<string, string | null> = {
    client_id: SANDBOX_OAUTH_CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'offline_access organization.read terminal.read terminal.write',
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) q.set(k, v);
  return `/oauth2/auth?${q}`;
}

/** The query of the 302 back to the app. */
export function callbackParams(location: string | null): URLSearchParams {
  if (!location) throw new Error('expected a redirect');
  return new URL(location).searchParams;
}

export async function consent(sb: Sandbox, query: string, form: { organization?: string; role?: string; decision: string }) {
  const page = await call<string>(sb, query);
  const consentId = /name="consent_id" value="([^"]+)"/.exec(page.body)?.[1];
  if (!consentId) throw new Error(`no consent form in: ${page.text.slice(0, 200)}`);
  const body = new URLSearchParams({ consent_id: consentId, organization: form.organization ?? 'fr', role: form.role ?? 'owner', decision: form.decision });
  return call(sb, '/oauth2/auth/decision', { body });
}

export interface TokenReply {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
  error?: string;
  error_description?: string;
}

export function tokenRequest(sb: Sandbox, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams({ client_id: SANDBOX_OAUTH_CLIENT.clientId, client_secret: SANDBOX_OAUTH_CLIENT.clientSecret, ...fields });
  return call<TokenReply>(sb, '/oauth2/token', { body, headers });
}

/** An authorization code approved on the consent page, with the PKCE verifier that goes with it. */
export async function approvedCode(sb: Sandbox, opts: { role?: string; scope?: string } = {}): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const query = authorizeQuery(opts.scope ? { scope: opts.scope } : {}, challenge);
  const redirect = await consent(sb, query, { role: opts.role ?? 'owner', decision: 'approve' });
  return { code: callbackParams(redirect.headers.get('location')).get('code')!, verifier };
}

/** Consent as `role` and exchange the code: the whole happy path. */
export async function signIn(sb: Sandbox, opts: { role?: string; scope?: string } = {}) {
  const { code, verifier } = await approvedCode(sb, opts);
  const res = await tokenRequest(sb, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  return { code, verifier, tokens: res.body, status: res.status };
}
