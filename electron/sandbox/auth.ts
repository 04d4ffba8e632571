/**
 * Bearer tokens on the API side: issuing access tokens and checking them
 * (401), their scope (403 naming the scope) and the membership's role (403).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { apiError, forbidden } from './http-util.js';
import { SANDBOX_MEMBERSHIPS, type SandboxOrgKey, type SandboxRole } from './seed-ids.js';
import type { AccessTokenRecord, Principal, SandboxState } from './state.js';

export const ACCESS_TOKEN_TTL_S = 3600;

/** Every scope of the spec (Authentication §4) plus the OAuth ones. */
export const API_SCOPES = [
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

function bearerToken(req: IncomingMessage): string {
  const header = req.headers.authorization;
  if (!header) throw unauthorized('Authorization header missing: send "Authorization: Bearer <access token>"');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthorized('OAuth2 authentication is required here: the Authorization header must be "Bearer <access token>"');
  return m[1]!;
}

export interface AccessRequirement {
  scope: string;
  /** Roles allowed; absent = any membership. */
  roles?: readonly SandboxRole[];
  /** Used in the 403 detail, e.g. "rename a card". */
  action?: string;
}

/** Throws the provider's 401/403; returns who is calling. */
export function authorize(state: SandboxState, nowMs: number, req: IncomingMessage, need: AccessRequirement): Principal {
  const record = state.auth.accessTokens.get(bearerToken(req));
  if (!record) throw unauthorized('Invalid credentials: the access token is unknown');
  const grant = record.grantId ? state.auth.grants.get(record.grantId) : undefined;
  if (record.revoked || grant?.revoked) throw unauthorized('Invalid credentials: the access token was revoked');
  if (nowMs >= record.expiresAtMs) throw unauthorized('Invalid credentials: the access token expired');
  if (!record.scopes.includes(need.scope)) throw forbidden(`the access token lacks the scope "${need.scope}" required by this operation`);
  if (need.roles && !need.roles.includes(record.role)) {
    throw forbidden(`only ${need.roles.join(' and ')} memberships may ${need.action ?? 'do this'}; this token acts as ${record.role}`);
  }
  return { org: record.org, role: record.role, membershipId: record.membershipId, scopes: record.scopes };
}
