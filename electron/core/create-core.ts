/** Assembles the core for one environment: settings, payment engine, handlers, events. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTRACT, type Handlers, type MethodAt } from '../../shared/ipc/contract.js';
import type { Environment } from '../../shared/ipc/types.js';
import type { StoreMode } from '../store/store-mode.js';
import type { Clock } from '../../shared/clock.js';
import type { BankApi } from '../api/types.js';
import type { Logger } from '../log.js';
import { PaymentEngine } from '../payments/index.js';
import { terminalOutcomes } from '../api/terminal-outcomes.js';
import { RegisterSettingsStore } from '../settings/register-settings.js';
import { separateCopiedFolder } from './copied-folder.js';
import { requireScope, type ConnectionInfo, type CoreContext } from './context.js';
import { CoreEvents } from './events.js';
import { DeprecationLog } from './deprecations.js';
import { OrganizationCache } from './organization-cache.js';
import { appStateHandlers, currentAppState } from './handlers/app-state.js';
import { terminalHandlers, TerminalViews } from './handlers/terminals.js';
import { terminalLeaseHandlers } from './handlers/terminal-leases.js';
import { paymentHandlers } from './handlers/payments.js';
import { backOfficeHandlers } from './handlers/back-office.js';
import { historyHandlers } from './handlers/history.js';
import { moneyHandlers } from './handlers/money.js';
import { journalKeyHandlers } from './handlers/journal-keys.js';
import { DayService } from '../history/day-service.js';
import { ChainWatch } from '../history/chain-watch.js';
import type { RegisterKey } from '../signing/register-key.js';
import { startSigning } from '../signing/journal-signing.js';
import type { CoreListener } from './types.js';
import { watchTerminals } from './terminal-watch.js';
import { MembershipAccess } from './membership-access.js';
import { LocalTerminalDirectory, type TerminalDirectory } from '../terminals/terminal-directory.js';
import { watchDay } from './day-watch.js';
import { LastUses } from './last-uses.js';
import { JournalGapWatch } from './journal-gap.js';
import { terminalLabel } from '../../shared/validation/terminal-name.js';
import { openReceipts, type ReceiptsHost } from './receipts-wiring.js';
import { NOBODY, type Who } from './who.js';
import { publishAttemptUpdates } from './attempt-updates.js';
import { adoptFromStore, startStoreMode } from './store-wiring.js';
import type { ChooseSavePath } from './handlers/journal-keys.js';

/** What one environment's core answers (the contract's 'environment' level): the counter and the back office, against that environment's bank. */
export type EnvironmentHandlers = Pick<Handlers, MethodAt<'environment'>>;

export interface EnvironmentCore {
  handlers: EnvironmentHandlers;
  context: CoreContext;
  subscribe(listener: CoreListener): () => void;
  close(): Promise<void>;
}

export interface CreateCoreOptions {
  environment: Environment;
  /** This environment's own folder: journal and register settings never mix across environments. */
  dataDir: string;
  api: BankApi;
  deprecations: DeprecationLog;
  connection: ConnectionInfo;
  clock: Clock;
  /** Payment deadlines and backoff: elapsed time, never moved by setting the computer's clock. */
  monotonic: Clock;
  logger: Logger;
  /** Store mode passes its shop-wide directory; alone, a register keeps names in its own folder. */
  terminalDirectory?: TerminalDirectory;
  /** Store mode: this register shares terminals and its day through that PostgreSQL store (name null: the saved one, else the id). */
  store?: { url: string; registerName: string | null } | null;
  /** The shell's printer and the shop's mail server for receipts. */
  receipts?: ReceiptsHost;
  /** Where the manager saves a file the main process writes (the journal archive). */
  chooseSavePath?: ChooseSavePath;
  /** Signs the journal's head (electron/signing/); absent in tests that do not sign. */
  registerKey?: RegisterKey;
  /** Who sells and who manages (the app core's staff list); absent: nobody is named. */
  who?: Who;
}

export async function createCore(opts: CreateCoreOptions): Promise<EnvironmentCore> {
  const events = new CoreEvents();
  // The settings store writes at once; its folder must exist first.
  await mkdir(opts.dataDir, { recursive: true });
  const settings = await RegisterSettingsStore.open(opts.dataDir, opts.logger);
  if (opts.store && settings.copiedHere()) await separateCopiedFolder(opts.store.url, settings, opts.logger);
  let store: StoreMode | null = null;
  // A newest journal file that disappeared is told to the manager (the journal alone would read an older day silently).
  const journalGap = await JournalGapWatch.open(opts.dataDir, opts.logger);
  const engine = await PaymentEngine.open({
    dataDir: opts.dataDir,
    bank: terminalOutcomes(opts.api.terminals),
    clock: opts.clock,
    monotonic: opts.monotonic,
    registerId: settings.get().registerId,
    logger: opts.logger,
    signedIn: () => (opts.who ?? NOBODY).signedIn(),
    ...(opts.store ? { sendGate: (req) => (store ? store.gate.sendGate(req) : Promise.resolve({ ok: true as const })) } : {}),
  });
  // Before any window or the store hears of the journal: a break found here is journaled first, and the manager told.
  const chain = new ChainWatch(join(opts.dataDir, 'journal'), engine.journalAlone, () => opts.clock.now());
  const noticed = await chain.atStart();
  if (noticed) opts.logger.warn('journal chain broken', { breaks: noticed.breaks, days: noticed.days.join(', '), detail: noticed.detail });
  // A lost newest file is often seen by both checks: the manager reads one notice about it.
  if (noticed) journalGap.coverWith(noticed.seq);
  const signing = opts.registerKey ? await startSigning(engine, opts.dataDir, opts.registerKey, () => opts.clock.now(), opts.logger) : null;
  const records = signing ? { appendRecord: signing.signer.writer((k, b, by) => engine.appendRecord(k, b, by)) } : engine;
  const unmark = engine.onCommitted((record) => journalGap.committed(record.seq, record.at));
  const updates = publishAttemptUpdates(engine, opts.clock, events);
  const stopDayWatch = watchDay(opts.clock, () => events.emit('dayChanged', engine.today()));
  // The cashier reads a terminal's shop name and serial, never its id: store mode learns them from every terminal listing.
  const terminalNames = new Map<string, string>();
  let terminalDirectory = opts.terminalDirectory ?? null;
  if (opts.store) {
    const changed = () => events.emit('appStateChanged', currentAppState(ctx));
    const started = await startStoreMode(opts, engine, settings, terminalNames, changed, (storeSeq) => {
      journalGap.storeAhead(storeSeq, engine.lastSeq());
      // Open sales only the store still holds (the journal lost its newest file) are taken in and watched again.
      if (journalGap.notice()) void adoptFromStore(engine, store, opts.logger).then(changed);
      changed();
    });
    store = started.store;
    // The register's own file stays underneath: the last names known while the store is down.
    terminalDirectory ??= started.names(LocalTerminalDirectory.open(opts.dataDir, opts.logger));
  }
  terminalDirectory ??= LocalTerminalDirectory.open(opts.dataDir, opts.logger);
  const ctx: CoreContext = {
    environment: opts.environment,
    api: opts.api,
    engine,
    days: new DayService({
      journalDir: join(opts.dataDir, 'journal'), records, registerId: settings.get().registerId, now: () => opts.clock.now(),
      checkDays: async (range) => {
        const found = await chain.checkRange(range, (kind, body, by) => engine.appendRecord(kind, body, by));
        if (found) events.emit('appStateChanged', currentAppState(ctx));
      },
      store: store ? { registerName: store.registerName, days: store } : null,
    }),
    settings,
    chain,
    events,
    deprecations: opts.deprecations,
    organization: new OrganizationCache(opts.api),
    connection: opts.connection,
    terminalDirectory,
    access: new MembershipAccess(opts.api, () => {
      const { status, grantedScopes } = opts.connection.status();
      return { connected: status === 'connected', grantedScopes };
    }),
    clock: opts.clock,
    logger: opts.logger,
    who: opts.who ?? NOBODY,
    store,
    journalGap,
    keyLost: signing?.announced.change === 'lost'
      ? { seq: signing.announced.seq, detail: `key ${signing.announced.oldKeyId ?? '(unknown)'} replaced by ${signing.announced.newKeyId}` }
      : null,
  };
  const unwatch = opts.deprecations.onChange(() => events.emit('appStateChanged', currentAppState(ctx)));
  const terminalViews = new TerminalViews(ctx);
  const lastUses = new LastUses({
    directory: () => ctx.terminalDirectory, stateOf: (id) => engine.get(id)?.state, written: () => terminalViews.republish(), logger: opts.logger,
  });
  // Heard after the windows (subscribed first above): the use is written once the cashier was told.
  const unheard = engine.onCommitted((record) => {
    for (const attempt of record.attempts) lastUses.heard(attempt);
  });
  const receipts = await openReceipts(ctx, opts.dataDir, terminalNames, opts.receipts);
  const handlers: EnvironmentHandlers = {
    ...appStateHandlers(ctx),
    ...terminalHandlers(ctx, terminalViews),
    ...terminalLeaseHandlers(ctx),
    ...paymentHandlers(ctx, (attempt, at) => lastUses.note(attempt, at), (id) => terminalViews.describe(id)),
    ...backOfficeHandlers(ctx),
    ...historyHandlers(ctx, () => terminalViews.known()),
    // A refund or hand settlement changes the day's money without an attempt record: every window gets the day again.
    ...moneyHandlers(ctx, () => {
      updates.recount();
      events.emit('dayChanged', engine.today());
    }),
    ...receipts.handlers,
    ...journalKeyHandlers({
      environment: opts.environment, dataDir: opts.dataDir, engine, key: opts.registerKey ?? null, signer: signing?.signer ?? null, now: () => opts.clock.now(), logger: opts.logger,
      chooseSavePath: opts.chooseSavePath ?? null,
    }),
  };
  {
    // Every listing teaches the names a cashier reads (store mode's shared picker, the receipt's terminal line).
    const list = handlers.listTerminals;
    handlers.listTerminals = async (req) => {
      const view = await list(req);
      for (const t of view.terminals) terminalNames.set(t.id, terminalLabel(t));
      return view;
    };
  }
  // Not through dispatch, so the contract's scope is asked for here: signed out, the refresh is skipped.
  const refreshTerminals = async () => {
    requireScope(ctx.connection, CONTRACT.listTerminals.scope);
    return handlers.listTerminals();
  };
  const stopTerminalWatch = watchTerminals(opts.clock, refreshTerminals, opts.logger);
  return {
    handlers,
    context: ctx,
    subscribe: (listener) => events.subscribe(listener),
    async close() {
      stopTerminalWatch();
      stopDayWatch();
      receipts.close();
      updates.stop();
      unmark();
      unwatch();
      unheard();
      await lastUses.close();
      await signing?.signer.stop();
      await engine.close();
      await journalGap.settled();
      await store?.close();
    },
  };
}
