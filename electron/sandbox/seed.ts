/** The complete seeded state; reset() builds a fresh one so nothing survives from the previous run. */
import { SANDBOX_ORG_KEYS } from './seed-ids.js';
import { emptyAuthState, type SandboxState } from './state.js';
import { bankAccountIds, seedMemberships, seedOrg } from './seed/orgs.js';
import { seedCards } from './seed/cards.js';
import { seedClients, seedEInvoicingDirectory } from './seed/clients.js';
import { seedTerminals } from './seed/terminals.js';

export function createSeedState(): SandboxState {
  const orgs = { fr: seedOrg('fr'), it: seedOrg('it') };
  const eInvoicing = seedEInvoicingDirectory();
  const state: SandboxState = {
    orgs,
    memberships: [],
    cards: [],
    lockedFrom: new Map(),
    clients: [],
    eInvoicing,
    terminals: [],
    payments: [],
    idempotency: new Map(),
    auth: emptyAuthState(),
    requests: [],
  };
  for (const key of SANDBOX_ORG_KEYS) {
    const holders = seedMemberships(key);
    state.memberships.push(...holders);
    state.cards.push(...seedCards({ org: key, organizationId: orgs[key].id, holders, bankAccountIds: bankAccountIds(orgs[key], { external: false }) }));
    state.clients.push(...seedClients(key, eInvoicing));
    state.terminals.push(...seedTerminals(key));
  }
  return state;
}
