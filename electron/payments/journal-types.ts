/** What the journal's appends and its opening hand back (journal.ts). */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Journal } from './journal.js';
import type { JournalEntry, JournalRecord } from './journal-records.js';

/** Work done while a record's fsync runs; `durable` settles with the fsync. */
export type WhileSyncing = (durable: Promise<void>) => void;

/** What an append committed: the day's carry record first when the append opened a new day file. */
export interface AppendResult {
  rolled: boolean;
  /** The attempt records written (the carry first when the day rolled). */
  records: JournalRecord[];
  /** The record asked for, as it reads back. */
  entry: JournalEntry;
  /** What whileSyncing threw: the record is on disk all the same. */
  whileSyncingError?: unknown;
}

/** Where the chain stands: the last record's sequence number and hash, and the file it is in. */
export interface ChainTip {
  seq: number;
  hash: string;
  day: string | null;
}

export interface LoadedJournal {
  journal: Journal;
  /** Latest snapshot of every attempt in the newest file. */
  attempts: Map<string, Attempt>;
  /** Records that could not be read (reported to the cashier, never fatal). */
  warnings: string[];
  /** The day of the file that was read, if any. */
  day: string | null;
  /** Sequence number of the last record read (0 for a fresh journal). */
  lastSeq: number;
  /** The non-attempt records of the newest file (closings, notices, kinds a newer version wrote), in order. */
  others: JournalEntry[];
  /** The journal existed before the chain: a takeover record now vouches for it (its entry). */
  takenOver: JournalEntry | null;
}
