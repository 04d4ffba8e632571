/**
 * Starts the core the way the app and the harness need it. Out of the box this
 * is training mode: the embedded sandbox runs in-process on a loopback port and
 * a training token is minted from it, so `npm start` needs no account. A
 * manager can then set up the bank sandbox or production in the settings; the
 * live environment is remembered in the data dir.
 *
 * The app boots on the computer's two clocks: the wall clock for what people
 * read and the monotonic clock for how long things last, so a clock set by hand
 * or by NTP never times out, resends or unlocks anything early. Tests and the
 * harness hand in a ManualClock instead, which then drives both.
 */
import type { ChooseSavePath } from './handlers/journal-keys.js';
import type { KeyTries } from '../signing/register-key.js';
import { detachedClock, monotonicClock, systemClock, type Clock } from '../../shared/clock.js';
import type { Environment } from '../../shared/ipc/types.js';
import { NodeCipher, type SecretCipher } from '../auth/index.js';
import { createLogger, type Logger } from '../log.js';
import type { Sandbox } from '../sandbox/index.js';
import { AppCore } from './app-core.js';
import type { StoreOverride } from './app-context.js';
import type { ReceiptsAtStart } from './receipts-wiring.js';
import { TrainingBackend, type TrainingIdentity } from './sessions/training-session.js';

export interface BootOptions {
  dataDir: string;
  logger?: Logger;
  /** Tests and the harness: a ManualClock, shared with the embedded sandbox, to jump over the 120 s deadline. Default: the system clock. */
  clock?: Clock;
  /** Elapsed time (deadlines, backoff, idle time). Default: `clock` when one is given, else the process's monotonic clock. */
  monotonic?: Clock;
  /** Training against a Counterpay sandbox that is already running (e.g. `npm run sandbox`) instead of the embedded one. */
  apiBaseUrl?: string;
  /** Opens the bank's sign-in page in the system browser: Electron's shell.openExternal in the app. */
  openExternal?: (url: string) => Promise<void> | void;
  /**
   * The OS secret storage for tokens and secrets: safeStorageCipher(safeStorage)
   * in the app. The default, for Node and the harness, keeps its key in memory:
   * secrets are encrypted on disk but unreadable after a restart (sign in again).
   */
  cipher?: SecretCipher;
  /** How long a sign-in waits for the browser (default 5 minutes). */
  signInTimeoutMs?: number;
  /** Training as another role or with fewer scopes (the harness's --training-role / --training-scopes). */
  trainingAs?: TrainingIdentity;
  /** Store mode: share terminals and the day with the shop's other registers through this PostgreSQL store. */
  store?: StoreOverride | null;
  /** What this process is, for the message a second process on the same data folder gets. */
  holder?: string;
  /** Receipts: the shell's printer (Electron's in the app) and COUNTERPAY_SMTP_URL. */
  /** Where the manager saves a file the main process writes (the journal archive). */
  chooseSavePath?: ChooseSavePath;
  /** Tests: how often a keychain that cannot decrypt the register key is asked at start, without waiting. */
  keyTries?: KeyTries;
  receipts?: ReceiptsAtStart;
}

export interface BootedCore {
  core: AppCore;
  /** The live environment (it changes when a manager switches). */
  readonly environment: Environment | null;
  /** The embedded training sandbox, once training has been opened. */
  readonly sandbox: Sandbox<Clock> | null;
  /** The live environment's bank API. */
  readonly apiBaseUrl: string;
  close(): Promise<void>;
}

export async function bootCore(opts: BootOptions): Promise<BootedCore> {
  const logger = opts.logger ?? createLogger();
  const clock = opts.clock ?? systemClock;
  const monotonic = opts.monotonic ?? opts.clock ?? monotonicClock;
  // The embedded bank keeps its own time: setting this computer's clock must not expire its tokens or idempotency keys.
  const bankClock = opts.clock ?? detachedClock(systemClock, monotonic);
  const training = new TrainingBackend({
    clock: bankClock, ...(opts.apiBaseUrl ? { apiBaseUrl: opts.apiBaseUrl } : {}), ...(opts.trainingAs ? { as: opts.trainingAs } : {}),
  });
  const core = await AppCore.open({
    dataDir: opts.dataDir,
    logger,
    clock,
    monotonic,
    cipher: opts.cipher ?? new NodeCipher(),
    training,
    ...(opts.openExternal ? { openExternal: opts.openExternal } : {}),
    ...(opts.signInTimeoutMs !== undefined ? { signInTimeoutMs: opts.signInTimeoutMs } : {}),
    ...(opts.store ? { store: opts.store } : {}),
    ...(opts.holder ? { holder: opts.holder } : {}),
    ...(opts.receipts ? { receipts: opts.receipts } : {}),
    ...(opts.chooseSavePath ? { chooseSavePath: opts.chooseSavePath } : {}),
    ...(opts.keyTries ? { keyTries: opts.keyTries } : {}),
  });
  logger.info('core ready', { environment: core.environment, apiBaseUrl: core.apiBaseUrl });
  return {
    core,
    get environment() {
      return core.environment;
    },
    get sandbox() {
      return training.sandbox;
    },
    get apiBaseUrl() {
      return core.apiBaseUrl;
    },
    close: () => core.close(),
  };
}
