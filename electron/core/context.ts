/** What every handler group of the core may use. */
import type { Who } from './who.js';
import type { BankApi } from '../api/types.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../log.js';
import type { AppState, Environment } from '../../shared/ipc/types.js';
import type { PaymentEngine } from '../payments/index.js';
import type { DayService } from '../history/day-service.js';
import type { ChainWatch } from '../history/chain-watch.js';
import type { RegisterSettingsStore } from '../settings/register-settings.js';
import type { StoreMode } from '../store/store-mode.js';
import type { JournalGapWatch } from './journal-gap.js';
import type { CoreEvents } from './events.js';
import type { DeprecationLog } from './deprecations.js';
import type { OrganizationCache } from './organization-cache.js';
import { CoreError } from './errors.js';
import type { MembershipAccess } from './membership-access.js';
import type { TerminalDirectory } from '../terminals/terminal-directory.js';
import type { Scope } from '../../shared/ipc/contract.js';

/** The live bank connection as the core sees it; issue 4's auth session provides it outside training. */
export interface ConnectionInfo {
  status(): AppState['connection'];
}

export interface CoreContext {
  environment: Environment;
  api: BankApi;
  engine: PaymentEngine;
  /** Past days, the accountant's export and closing the day, over this environment's journal. */
  days: DayService;
  /** The journal chain's breaks found at start-up that no manager has acknowledged yet. */
  chain: ChainWatch;
  settings: RegisterSettingsStore;
  events: CoreEvents;
  deprecations: DeprecationLog;
  organization: OrganizationCache;
  connection: ConnectionInfo;
  /** Terminal names and last uses, shop-wide (store mode plugs its own in here). */
  terminalDirectory: TerminalDirectory;
  /** What the connected membership may do, learned from the bank's answers. */
  access: MembershipAccess;
  clock: Clock;
  logger: Logger;
  /** Who sells at the counter and which manager acts (electron/core/who.ts). */
  who: Who;
  /** Store mode, when a store is configured: terminal leases and shipping. */
  store: StoreMode | null;
  /** Whether the journal's newest file disappeared (a manager's notice). */
  journalGap: JournalGapWatch;
  /** The register key's change this start, when the old key was lost: the manager is told (null: none). */
  keyLost: { seq: number; detail: string } | null;
}

const FEATURE_OF_SCOPE: Record<Scope, string> = {
  'organization.read': 'Organization details',
  'terminal.read': 'Terminals',
  'terminal.write': 'Charging a terminal',
  'card.read': 'Cards',
  'card.write': 'Changing cards',
  'client.read': 'Clients',
  'client.write': 'Creating clients',
};

/** Fails early, in words, when the bank connection was not granted what a method needs (dispatch calls it from the contract row). */
export function requireScope(connection: ConnectionInfo, scope: Scope): void {
  const { status, grantedScopes } = connection.status();
  if (status === 'signed_out') throw CoreError.of('signed_out', 'bank.signed_out', undefined);
  if (!grantedScopes.includes(scope)) throw CoreError.of('forbidden', 'bank.scope_missing', { feature: FEATURE_OF_SCOPE[scope], scope });
}
