/**
 * What a register in store mode is started with: where the store is, which
 * register this is, and the hooks by which the core hears the link. Apart from
 * store-mode.ts so the link's workings there read without this list in the way.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../log.js';
import type { RecordSource } from './journal-feed.js';
import type { MachineClaim } from './register-holder.js';
import type { StoreLinkState } from './store-link-view.js';

export interface StoreModeOptions {
  url: string;
  registerId: string;
  registerName: string;
  dataDir: string;
  clock: Clock;
  logger?: Logger;
  /** Attempts that may still hold a terminal (restored after a restart): their leases are re-asserted. */
  openAttempts: () => Attempt[];
  terminalName?: (terminalId: string) => string | undefined;
  feed?: RecordSource;
  /** Wait between connection attempts while the server cannot be reached. */
  reconnectMs?: number;
  /** Wait between tries of a lease release (or undo) the store did not answer. */
  keeperRetryMs?: number;
  onChange?: (state: StoreLinkState) => void;
  /** The highest sequence of this register's records the store holds, once connected (a journal that lost files is behind it). */
  onStoreSeq?: (seq: number) => void;
  /** This computer, checked against the store's holder of the register id at each connection. */
  machine?: MachineClaim;
  /** Another computer holds the id and this folder was copied here: this computer becomes its own register (from the next start). */
  onCopied?: () => Promise<void>;
}
