/**
 * Everything the sandbox remembers. One plain object, rebuilt from the seed
 * on reset, so no request can leave state behind that a reset misses.
 */
import type { ApiAmount } from '../../shared/money.js';
import type { JsonObject } from '../../shared/json.js';
import type { Card, Client, Terminal } from '../../shared/domain/bank.js';
import type { SandboxOrgKey, SandboxRole } from './seed-ids.js';
import type { Reply } from './http-util.js';
import type { RefusalReason } from '../../shared/domain/refusal-reasons.js';

export interface MembershipRecord {
  id: string;
  org: SandboxOrgKey;
  /** Token roles; extra card holders are plain employees no token acts as. */
  role: SandboxRole;
  first_name: string;
  last_name: string;
}

export interface OrgRecord {
  key: SandboxOrgKey;
  id: string;
  country: 'FR' | 'IT';
  /** The full GET /v2/organization body, external accounts included; routes filter it. */
  organization: JsonObject & { bank_accounts: JsonObject[] };
}

export interface ClientRecord {
  org: SandboxOrgKey;
  client: Client;
}

export const TERMINAL_MODES = ['approve', 'tip', 'refuse', 'offline'] as const;
export type TerminalMode = (typeof TERMINAL_MODES)[number];
/** What the terminal does with a push that arrives while it is still handling another one. */
export const BUSY_MODES = ['queue', 'refuse'] as const;
export type BusyMode = (typeof BUSY_MODES)[number];

export interface TerminalBehaviour {
  mode: TerminalMode;
  delay_ms: number;
  /** Mode 'tip': what the customer adds on the terminal, a decimal string like the amount's. */
  tip_amount: string | null;
  /** Mode 'refuse': the failure_reason the refusal carries. */
  reason: RefusalReason | null;
  /** null: every push is handled on its own, as if the terminal had no queue. */
  busy: BusyMode | null;
}

export interface TerminalRecord {
  org: SandboxOrgKey;
  terminal: Terminal;
  behaviour: TerminalBehaviour;
}

export interface PaymentRecord {
  id: string;
  org: SandboxOrgKey;
  terminalId: string;
  poiId: string;
  amount: ApiAmount;
  metadata: JsonObject | null;
  createdAtMs: number;
  idempotencyKey: string;
  /**
   * Decided at creation from the terminal's behaviour then, so changing it
   * later never rewrites a payment in flight. null: never settles (offline).
   */
  settlesAtMs: number | null;
  outcome: { status: 'AUTHORIZED'; tip: ApiAmount | null } | { status: 'REFUSED'; reason: string };
}

export interface IdempotencyEntry {
  reply: Reply;
  storedAtMs: number;
}

export interface EInvoicingEntry {
  directoryActive: boolean;
  networkActive: boolean;
}

/** Who an access token acts for. */
export interface Principal {
  org: SandboxOrgKey;
  role: SandboxRole;
  membershipId: string;
  scopes: string[];
}

export interface Grant extends Principal {
  id: string;
  clientId: string;
  revoked: boolean;
}

export interface AccessTokenRecord extends Principal {
  /** null for tokens minted by the test helper (no OAuth grant behind them). */
  grantId: string | null;
  expiresAtMs: number;
  revoked: boolean;
}

export interface RefreshTokenRecord {
  grantId: string;
  expiresAtMs: number;
  /** Set when it was exchanged: it stays usable for the rotation grace period after this. */
  rotatedAtMs: number | null;
}

export interface AuthCodeRecord {
  grantId: string;
  clientId: string;
  redirectUri: string;
  /** null: the authorization request carried no PKCE challenge (allowed for clients registered without it). */
  codeChallenge: string | null;
  expiresAtMs: number;
  used: boolean;
}

/** An /oauth2/auth request waiting for the person's decision on the consent page. */
export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  /** null: the authorization request carried no PKCE challenge (allowed for clients registered without it). */
  codeChallenge: string | null;
  organization: SandboxOrgKey | null;
  expiresAtMs: number;
}

export interface AuthState {
  accessTokens: Map<string, AccessTokenRecord>;
  refreshTokens: Map<string, RefreshTokenRecord>;
  codes: Map<string, AuthCodeRecord>;
  grants: Map<string, Grant>;
  consents: Map<string, ConsentRequest>;
}

export interface SandboxState {
  orgs: Record<SandboxOrgKey, OrgRecord>;
  memberships: MembershipRecord[];
  cards: Card[];
  /** Card id → the status a lock suspended, given back by unlock (a PIN block survives a lock). */
  lockedFrom: Map<string, Card['status']>;
  clients: ClientRecord[];
  eInvoicing: Map<string, EInvoicingEntry>;
  terminals: TerminalRecord[];
  payments: PaymentRecord[];
  /** Keyed `${org}\n${idempotency key}`: keys are scoped per organization. */
  idempotency: Map<string, IdempotencyEntry>;
  auth: AuthState;
  /** The API requests answered since the last reset, oldest first (at most REQUEST_LOG_MAX): what a test reads to prove a screen never wrote. */
  requests: RequestLogEntry[];
}

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
}

export const REQUEST_LOG_MAX = 2_000;

export function emptyAuthState(): AuthState {
  return { accessTokens: new Map(), refreshTokens: new Map(), codes: new Map(), grants: new Map(), consents: new Map() };
}
