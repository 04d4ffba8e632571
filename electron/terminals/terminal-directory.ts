/**
 * What the shop knows about its terminals beyond the bank's serial: the name
 * a manager gave each one, and when each was last used for a payment. The
 * bank has no field for either, so Counterpay keeps them, for the whole shop.
 *
 * TerminalDirectory is the seam for store mode: this file's local JSON store
 * serves a single register (or registers sharing one data folder);
 * store/terminal-names.ts keeps them in PostgreSQL for every register of the
 * shop, with this file as its copy of the last names known.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../../shared/json.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { SerialQueue } from '../fs/serial-queue.js';
import type { Logger } from '../log.js';

export interface TerminalEntry {
  name: string | null;
  /** ISO time of the last payment pushed to it, from any register of the shop. */
  lastUsedAt: string | null;
  /** The register that pushed it. */
  lastUsedBy: string | null;
}

export interface TerminalDirectory {
  /** Every terminal the shop named or used, by the bank's terminal id. */
  entries(): Promise<Record<string, TerminalEntry>>;
  /** null removes the name. The caller has checked it (checkTerminalName). */
  setName(terminalId: string, name: string | null): Promise<void>;
  recordUse(terminalId: string, at: string, registerId: string): Promise<void>;
}

export const TERMINALS_FILE = 'terminals.json';

const EMPTY: TerminalEntry = { name: null, lastUsedAt: null, lastUsedBy: null };
const optString = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** Untrusted disk input: entries of the wrong shape are dropped one by one and reported. */
export function parseDirectory(text: string): { entries: Record<string, TerminalEntry>; dropped: number } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(raw) || !isPlainObject(raw['terminals'])) return null;
  const entries: Record<string, TerminalEntry> = {};
  let dropped = 0;
  for (const [id, e] of Object.entries(raw['terminals'])) {
    if (isPlainObject(e) && optString(e['name']) && optString(e['lastUsedAt']) && optString(e['lastUsedBy'])) {
      entries[id] = { name: e['name'], lastUsedAt: e['lastUsedAt'], lastUsedBy: e['lastUsedBy'] };
    } else dropped += 1;
  }
  return { entries, dropped };
}

export class LocalTerminalDirectory implements TerminalDirectory {
  private readonly queue = new SerialQueue();

  private constructor(private readonly path: string, private current: Record<string, TerminalEntry>) {}

  static open(dir: string, logger?: Logger): LocalTerminalDirectory {
    const path = join(dir, TERMINALS_FILE);
    if (!existsSync(path)) return new LocalTerminalDirectory(path, {});
    const parsed = parseDirectory(readFileSync(path, 'utf8'));
    if (!parsed) {
      const kept = `${path}.damaged-${Date.now()}`;
      renameSync(path, kept);
      logger?.warn('terminal names were damaged and were set aside; terminals show their serial only', { keptAs: kept });
      return new LocalTerminalDirectory(path, {});
    }
    if (parsed.dropped > 0) logger?.warn('some terminal names could not be read and were dropped', { dropped: parsed.dropped });
    return new LocalTerminalDirectory(path, parsed.entries);
  }

  async entries(): Promise<Record<string, TerminalEntry>> {
    return structuredClone(this.current);
  }

  setName(terminalId: string, name: string | null): Promise<void> {
    return this.update(terminalId, { name });
  }

  recordUse(terminalId: string, at: string, registerId: string): Promise<void> {
    return this.update(terminalId, { lastUsedAt: at, lastUsedBy: registerId });
  }

  /** Store mode keeps the shop's last known names here, for when the store cannot be reached. */
  replaceAll(entries: Record<string, TerminalEntry>): Promise<void> {
    return this.queue.run(async () => {
      if (JSON.stringify(entries) === JSON.stringify(this.current)) return;
      await writeFileAtomic(this.path, JSON.stringify({ terminals: entries }, null, 2));
      this.current = structuredClone(entries);
    });
  }

  private update(terminalId: string, patch: Partial<TerminalEntry>): Promise<void> {
    return this.queue.run(async () => {
      const next = { ...this.current, [terminalId]: { ...EMPTY, ...this.current[terminalId], ...patch } };
      await writeFileAtomic(this.path, JSON.stringify({ terminals: next }, null, 2));
      this.current = next;
    });
  }
}

/** A rename that cannot reach every register right now (store mode, store down): refused, not kept apart. */
export class NamesNotShared extends Error {
  constructor(detail: string) {
    super(`terminal names cannot be shared right now: ${detail}`);
    this.name = 'NamesNotShared';
  }
}

/** Another register gave that name to another terminal between the check and the write. */
export class NameTakenInStore extends Error {
  constructor(readonly taken: string) {
    super(`another terminal is already called "${taken}" in the store`);
    this.name = 'NameTakenInStore';
  }
}
