/**
 * One environment's register joined to its store: the store link started over
 * this register's settings and engine, the terminal names it shares, and the
 * open sales taken back from it after the journal lost its newest file. The
 * store's code is loaded only when a store is configured, so a register working
 * alone never loads it or pg: every import of it here is type-only or dynamic.
 */
import type { PaymentEngine } from '../payments/index.js';
import type { RegisterSettingsStore } from '../settings/register-settings.js';
import type { StoreMode } from '../store/store-mode.js';
import type { LocalTerminalDirectory, TerminalDirectory } from '../terminals/terminal-directory.js';
import type { CreateCoreOptions } from './create-core.js';

type StoreOptions = Pick<CreateCoreOptions, 'environment' | 'dataDir' | 'clock' | 'logger' | 'store'>;

export interface StartedStore {
  store: StoreMode;
  /** The shop-wide terminal names, over the register's own file (the last names known while the store is down). */
  names: (local: LocalTerminalDirectory) => TerminalDirectory;
}

export async function adoptFromStore(engine: PaymentEngine, store: StoreMode | null, logger: CreateCoreOptions['logger']): Promise<void> {
  try {
    if (!store) return;
    // Taken back with their terminals: a sale the store still holds open must keep others off its terminal.
    if ((await engine.adopt(await store.openInStore())).length) await store.reassertLeases();
  } catch (e) {
    logger.warn('open sales in the store not taken in', { error: e instanceof Error ? e.message : String(e) });
  }
}

export async function startStoreMode(
  opts: StoreOptions, engine: PaymentEngine, settings: RegisterSettingsStore, terminalNames: Map<string, string>, changed: () => void,
  onStoreSeq: (seq: number) => void,
): Promise<StartedStore> {
  const { StoreMode } = await import('../store/store-mode.js');
  const { StoreTerminalNames } = await import('../store/terminal-names.js');
  const config = opts.store ?? { url: '', registerName: null };
  const saved = settings.get();
  const { registerId } = saved;
  const registerName = config.registerName ?? saved.registerName ?? registerId;
  const store = StoreMode.start({
    url: config.url, registerId, registerName, dataDir: opts.dataDir, clock: opts.clock, logger: opts.logger,
    openAttempts: () => engine.today().attempts, onChange: changed, onStoreSeq,
    machine: { here: settings.here, copiedHere: settings.copiedHere() },
    onCopied: async () => {
      const next = await settings.becomeNewRegister();
      opts.logger?.warn('this data folder was copied from the computer holding its register id: a new register from the next start', { from: registerId, to: next.registerId });
    },
    terminalName: (id) => terminalNames.get(id),
  });
  engine.onCommitted(store.onCommitted);
  const names = (local: LocalTerminalDirectory) => new StoreTerminalNames({
    environment: opts.environment, registerId, local, link: () => store.liveConnection(), logger: opts.logger,
  });
  return { store, names };
}
