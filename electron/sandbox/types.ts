/** The public options and handle of the sandbox (re-exported by index.ts). */
import type { RequestLogEntry } from './state.js';
import type { ManualClock } from '../../shared/clock.js';
import type { SandboxOrgKey, SandboxRole } from './seed-ids.js';
import type { IssuedAccessToken } from './auth.js';
import type { RoughEdgesConfig } from './rough-edges.js';

export const FAULT_KINDS = ['500', 'reset', '429'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface SandboxOptions {
  /** All sandbox time (token expiry, payment outcomes, sunset, idempotency expiry) reads this clock. Default: new ManualClock() (follows wall time). */
  clock?: ManualClock;
  /** Default 0 (ephemeral); always binds 127.0.0.1. */
  port?: number;
  /** When set, every API, /oauth2/token and /oauth2/revoke request must carry X-Service-Staging-Token equal to it; otherwise a 200 HTML login page. */
  stagingToken?: string | null;
  /** Real (wall-clock) latency added to every API and OAuth request. */
  latencyMs?: number;
  /**
   * The bank's rough edges at that rate (seeded PRNG), API routes only: non-uniform error bodies, empty 5xx/429,
   * plain-text gateway 404s, next_page missing or 0 on a last page, the HTML login page instead of an answer.
   * Changeable at run time through PUT /__sandbox/rough_edges.
   */
  roughEdges?: RoughEdgesConfig;
  /** Injected failures at that rate (seeded PRNG); API routes only, never /__sandbox/* or /oauth2/*. */
  faults?: { rate: number; kinds: FaultKind[] };
  /** Per client IP, on the sandbox clock; 429 with Retry-After when exceeded. API routes only. */
  rateLimit?: { max: number; windowMs: number };
  /** `pkce: 'required'` for a client registered with PKCE; otherwise PKCE is optional (the provider's own example has none). */
  oauthClients?: Array<{ clientId: string; clientSecret: string; redirectUris: string[]; pkce?: 'required' | 'optional' }>;
  /** Tests: /oauth2/auth redirects at once (approve as the owner of the requested or French organization) instead of showing the consent page. */
  autoConsent?: 'approve' | 'deny' | null;
}

export interface MintTokenInput {
  organization: SandboxOrgKey;
  role: SandboxRole;
  /** Default: every API scope the bank documents. */
  scopes?: string[];
}

export interface Sandbox {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  clock: ManualClock;
  mintToken(input: MintTokenInput): IssuedAccessToken;
  /** The API requests answered since the last reset (a live array: tests may empty it). */
  requests(): RequestLogEntry[];
  /** Back to the seeded state, tokens included; the clock is the caller's and is left alone. */
  reset(): void;
  close(): Promise<void>;
}
