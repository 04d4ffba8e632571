/**
 * Fixed identifiers of the seeded sandbox data, so tests and the training mode
 * can name a terminal or an organization without listing first. Pure
 * TypeScript (no node: import) so any layer may import it.
 */

/** murmur3's finalizer: spreads FNV-1a's weak low bits over the whole word. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hash32(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** A stable UUID (v4-shaped, so strict validators accept it) derived from a label: same label, same id, every run. */
export function seedUuid(label: string): string {
  const hex = [0x00000000, 0x9e3779b9, 0x7f4a7c15, 0x3c6ef372].map((s) => hash32(label, s).toString(16).padStart(8, '0')).join('');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type SandboxOrgKey = 'fr' | 'it';
export type SandboxRole = 'owner' | 'admin' | 'employee';
export const SANDBOX_ORG_KEYS: readonly SandboxOrgKey[] = ['fr', 'it'];
export const SANDBOX_ROLES: readonly SandboxRole[] = ['owner', 'admin', 'employee'];

export const SANDBOX_ORGS = {
  fr: { id: seedUuid('org:fr'), slug: 'boulangerie-martin-4821', name: 'Boulangerie Martin', country: 'FR', locale: 'fr' },
  it: { id: seedUuid('org:it'), slug: 'trattoria-rossi-1907', name: 'Trattoria Rossi', country: 'IT', locale: 'it' },
} as const;

const terminalIds = (org: SandboxOrgKey) => ({
  approve: seedUuid(`terminal:${org}:approve`),
  refuse: seedUuid(`terminal:${org}:refuse`),
  offline: seedUuid(`terminal:${org}:offline`),
  slow: seedUuid(`terminal:${org}:slow`),
  approve2: seedUuid(`terminal:${org}:approve2`),
});

/** approve: AUTHORIZED after 3 s; refuse: REFUSED after 3 s; offline: PENDING forever; slow: AUTHORIZED after 90 s. */
export const SANDBOX_TERMINALS = { fr: terminalIds('fr'), it: terminalIds('it') } as const;

const membershipIds = (org: SandboxOrgKey) => ({
  owner: seedUuid(`membership:${org}:owner`),
  admin: seedUuid(`membership:${org}:admin`),
  employee: seedUuid(`membership:${org}:employee`),
});

/** The membership a token of each role acts as (cards' holder_id). */
export const SANDBOX_MEMBERSHIPS = { fr: membershipIds('fr'), it: membershipIds('it') } as const;

/**
 * Each organization's API key for the SecretKey scheme: `Authorization: <login>:<secret key>`
 * (no Bearer, no Base64), the login being the organization's slug. Client endpoints only.
 */
export const SANDBOX_API_KEYS = {
  fr: { login: SANDBOX_ORGS.fr.slug, secretKey: '62885d39c4f0a7e1b3d5f7092a4c6e81' },
  it: { login: SANDBOX_ORGS.it.slug, secretKey: '0b1d3f5a7c9e2a4c6e8f0a1b3c5d7e9f' },
} as const;

export const SANDBOX_OAUTH_CLIENT = {
  clientId: 'counterpay-desktop',
  clientSecret: 'counterpay-sandbox-secret',
  redirectUris: ['http://127.0.0.1:53682/callback', 'http://localhost:53682/callback'],
  // Counterpay always sends PKCE; registering its client with it makes training mode and the e2e prove that.
  pkce: 'required',
} as const;

/** Entries of the seeded French e-invoicing directory, by how reachable they are. */
export const SANDBOX_E_INVOICING = {
  /** Active in the directory and in the pan-European network: e_invoicing_reachable true. */
  reachable: '356000000',
  reachableSiret: '356000000_35600000000048',
  /** Listed in the directory, inactive on the network side. */
  networkInactive: '552100554',
  /** Listed, but inactive in the directory itself. */
  directoryInactive: '732829320_73282932000074_ACCOUNTING',
} as const;
