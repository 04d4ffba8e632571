/**
 * Credentials on the API side: issuing access tokens and checking them (401),
 * their scope (403 naming the scope) and the membership's role (403); and the
 * SecretKey scheme (an organization's API key), which only client endpoints take.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { apiError, forbidden } from './http-util.js';
import { SANDBOX_API_KEYS, SANDBOX_MEMBERSHIPS, SANDBOX_ORG_KEYS, type SandboxOrgKey, type SandboxRole } from './seed-ids.js';
import type { AccessTokenRecord, Principal, SandboxState } from './state.js';

export const ACCESS_TOKEN_TTL_S = 3600;

/** Every documented scope, those the bank also grants (docs/bank-api.md, OAuth sign-in), plus the OAuth ones. */
export const API_SCOPES = [
  'attachment.read', 'einvoicing.read',
  'organization.read', 'membership.read', 'membership.write', 'attachment.write', 'internal_transfer.write', 'payment.write',
  'supplier_invoice.write', 'supplier_invoice.read', 'client_invoices.read', 'client_invoice.write', 'client.read', 'client.write',
  'product.read', 'product.write', 'request_review.write', 'request_review.read', 'team.read', 'team.write', 'request_transfers.write',
  'insurance_contract.read', 'insurance_contract.write', 'card.read', 'card.write', 'bank_account.write', 'beneficiary.trust', 'webhook',
  'payment_link.write', 'payment_link.read', 'sepa_direct_debit.read', 'sepa_direct_debit.write', 'terminal.read', 'terminal.write',
] as const;
export const OAUTH_ONLY_SCOPES = ['offline_access', 'openid'] as const;
export const KNOWN_SCOPES: readonly string[] = [...API_SCOPES, ...OAUTH_ONLY_SCOPES];

export const ADMIN_ROLES: readonly SandboxRole[] = ['owner', 'admin'];

export function opaqueToken(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

export function principalFor(org: SandboxOrgKey, role: SandboxRole, scopes: string[]): Principal {
  return { org, role, membershipId: SANDBOX_MEMBERSHIPS[org][role], scopes };
}

export interface IssuedAccessToken {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export function issueAccessToken(state: SandboxState, nowMs: number, principal: Principal, grantId: string | null): IssuedAccessToken {
  const token = opaqueToken('ory_at_');
  const record: AccessTokenRecord = { ...principal, grantId, expiresAtMs: nowMs + ACCESS_TOKEN_TTL_S * 1000, revoked: false };
  state.auth.accessTokens.set(token, record);
  return { access_token: token, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_S };
}

const unauthorized = (detail: string) => apiError(401, 'unauthorized', detail);
/** What the provider answers an API key on an endpoint that takes OAuth only (docs/bank-api.md, Hosts and headers). */
export const OAUTH_REQUIRED = 'OAuth2 authentication is required here';

/** `<login>:<secret key>`: plain text around one colon, no scheme word. */
const SECRET_KEY_RE = /^([^\s:]+):([^\s:]+)$/;

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** An API key acts for its organization with the owner's rights: it is the organization's own automation credential. */
function secretKeyPrincipal(login: string, key: string): Principal {
  const org = SANDBOX_ORG_KEYS.find((k) => SANDBOX_API_KEYS[k].login === login && sameText(SANDBOX_API_KEYS[k].secretKey, key));
  if (!org) throw unauthorized('Invalid credentials');
  return principalFor(org, 'owner', [...API_SCOPES]);
}

export interface AccessRequirement {
  scope: string;
  /** Roles allowed; absent = any membership. */
  roles?: readonly SandboxRole[];
  /** Used in the 403 detail, e.g. "rename a card". */
  action?: string;
  /** Client endpoints also take the SecretKey scheme; everything else wants OAuth. */
  secretKey?: boolean;
}

/** Throws the provider's 401/403; returns who is calling. */
export function authorize(state: SandboxState, nowMs: number, req: IncomingMessage, need: AccessRequirement): Principal {
  const header = req.headers.authorization;
  if (!header) throw apiError(401, 'unauthorized', 'Authorization field missing');
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!bearer) {
    const key = SECRET_KEY_RE.exec(header.trim());
    if (!need.secretKey) throw apiError(401, 'oauth_required', OAUTH_REQUIRED);
    if (!key) throw unauthorized('Invalid credentials');
    return checkRole(secretKeyPrincipal(key[1]!, key[2]!), need);
  }
  const record = state.auth.accessTokens.get(bearer[1]!);
  if (!record) throw unauthorized('Invalid credentials: the access token is unknown');
  const grant = record.grantId ? state.auth.grants.get(record.grantId) : undefined;
  if (record.revoked || grant?.revoked) throw unauthorized('Invalid credentials: the access token was revoked');
  if (nowMs >= record.expiresAtMs) throw unauthorized('Invalid credentials: the access token expired');
  if (!record.scopes.includes(need.scope)) throw forbidden(`the access token lacks the scope "${need.scope}" required by this operation`);
  return checkRole({ org: record.org, role: record.role, membershipId: record.membershipId, scopes: record.scopes }, need);
}

function checkRole(who: Principal, need: AccessRequirement): Principal {
  if (need.roles && !need.roles.includes(who.role)) {
    throw forbidden(`only ${need.roles.join(' and ')} memberships may ${need.action ?? 'do this'}; this token acts as ${who.role}`);
  }
  return who;
}
