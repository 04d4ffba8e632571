/**
 * What the app core is started with, apart from the core itself: boot.ts, the
 * tests and the environment opener all read these, and none of them should
 * have to import the app core to learn its inputs.
 */
import type { Dispatcher } from 'undici';
import type { Clock } from '../../shared/clock.js';
import type { SecretCipher } from '../auth/index.js';
import type { Logger } from '../log.js';
import type { KeyTries } from '../signing/register-key.js';
import type { StoreOverride } from './app-context.js';
import type { ChooseSavePath } from './handlers/journal-keys.js';
import type { ReceiptsAtStart } from './receipts-wiring.js';
import type { TrainingBackend } from './sessions/training-session.js';

export interface AppCoreOptions {
  dataDir: string;
  logger: Logger;
  /** Wall time: what people read (journal times, the local day, the PIN lock-out kept on disk). */
  clock: Clock;
  /** Elapsed time: payment deadlines and backoff, the manager's idle time, token lifetimes. */
  monotonic: Clock;
  cipher: SecretCipher;
  /** Training's bank; the app core closes it. */
  training: TrainingBackend;
  openExternal?: (url: string) => Promise<void> | void;
  /** How long a sign-in waits for the browser (default 5 minutes). */
  signInTimeoutMs?: number;
  /** Tests: a cheaper scrypt, a recording OAuth dispatcher. */
  pinCost?: { N: number; r: number; p: number };
  oauthDispatcher?: Dispatcher;
  /** Store mode for every environment's register, set at start (harness --store-url / COUNTERPAY_STORE_URL); else Settings decide. */
  store?: StoreOverride | null;
  /** Named to a second process refused the data folder, e.g. "the Counterpay harness". */
  holder?: string;
  /** The shell's receipt printer and a mail server set at start. */
  receipts?: ReceiptsAtStart;
  /** Where the manager saves a file the main process writes: the shell's save dialog, the harness's downloads folder. */
  chooseSavePath?: ChooseSavePath;
  /** Tests: how often a keychain that cannot decrypt the key is asked at start, without waiting. */
  keyTries?: KeyTries;
}
