/**
 * The shop's terminal names and last uses, shared by every register through the store, so a
 * manager names a terminal once and every counter and back office reads it. The register's own
 * terminals.json stays underneath as the last names known: shown while the store cannot be
 * reached, and offered up to the store the first time this register joins it (the store keeps
 * what it already has: it wins on any conflict). A rename while the store is down is refused
 * rather than kept apart, so two registers never show two names for one terminal.
 */
import type { PoolClient } from 'pg';
import { checkTerminalName } from '../../shared/validation/terminal-name.js';
import type { Logger } from '../log.js';
import {
  NamesNotShared, NameTakenInStore, type LocalTerminalDirectory, type TerminalDirectory, type TerminalEntry,
} from '../terminals/terminal-directory.js';
import type { StoreConnection } from './connection.js';

export interface StoreTerminalNamesOptions {
  /** The bank environment the names belong to: training, sandbox and production terminals never mix. */
  environment: string;
  registerId: string;
  local: LocalTerminalDirectory;
  /** The store's connection while it answers, null while it is down or not yet connected. */
  link: () => StoreConnection | null;
  logger?: Logger;
}

export interface TerminalNameRow {
  terminal_id: unknown;
  name: unknown;
  last_used_at: unknown;
  last_used_by: unknown;
}

const ID_MAX = 200;
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= ID_MAX && !/[\p{Cc}\p{Cf}]/u.test(v);
const isoOf = (v: unknown): string | null | undefined => {
  if (v === null) return null;
  const d = v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null;
  return d && Number.isFinite(d.getTime()) ? d.toISOString() : undefined;
};

/**
 * Rows read from the database are input like any other: a row whose id, name, time or register
 * cannot be what Counterpay writes is dropped and counted; a name a second terminal already
 * carries (written by hand around the unique index's folding) is dropped from the later one.
 */
export function entriesFromRows(rows: readonly TerminalNameRow[]): { entries: Record<string, TerminalEntry>; dropped: number } {
  const entries: Record<string, TerminalEntry> = {};
  const names: string[] = [];
  let dropped = 0;
  for (const row of rows) {
    const at = isoOf(row.last_used_at);
    const by = row.last_used_by === null || isId(row.last_used_by) ? row.last_used_by : undefined;
    if (!isId(row.terminal_id) || Object.hasOwn(entries, row.terminal_id) || at === undefined || by === undefined) {
      dropped += 1;
      continue;
    }
    let name: string | null = null;
    if (row.name !== null) {
      const checked = typeof row.name === 'string' ? checkTerminalName(row.name, names) : null;
      if (checked?.ok && checked.name === row.name) {
        name = checked.name;
        if (name) names.push(name);
      } else dropped += 1;
    }
    entries[row.terminal_id] = { name, lastUsedAt: at, lastUsedBy: by };
  }
  return { entries, dropped };
}

/** The later of two ISO times of the registers' clocks (either may be missing). */
const later = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a > b ? a : b);

export class StoreTerminalNames implements TerminalDirectory {
  /** The connection this register's local names were offered on (once per connection). */
  private offeredOn: StoreConnection | null = null;

  constructor(private readonly opts: StoreTerminalNamesOptions) {}

  async entries(): Promise<Record<string, TerminalEntry>> {
    const conn = this.opts.link();
    if (!conn) return this.opts.local.entries();
    try {
      if (this.offeredOn !== conn) {
        await this.offerLocal(conn);
        this.offeredOn = conn;
      }
      const res = await conn.withClient((c) => c.query<TerminalNameRow>(
        'SELECT terminal_id, name, last_used_at, last_used_by FROM terminal_names WHERE bank_environment = $1 ORDER BY terminal_id',
        [this.opts.environment],
      ));
      const { entries, dropped } = entriesFromRows(res.rows);
      if (dropped > 0) this.opts.logger?.warn('some terminal names in the store could not be read and were left out', { dropped });
      // A use noted here while the store was down is newer than the store's: it shows until it is pushed.
      const mine = await this.opts.local.entries();
      for (const [id, e] of Object.entries(mine)) {
        const shared = entries[id];
        if (shared && e.lastUsedAt !== null && later(e.lastUsedAt, shared.lastUsedAt) === e.lastUsedAt && e.lastUsedAt !== shared.lastUsedAt) {
          entries[id] = { ...shared, lastUsedAt: e.lastUsedAt, lastUsedBy: e.lastUsedBy };
        } else if (!shared && e.lastUsedAt !== null) entries[id] = { name: null, lastUsedAt: e.lastUsedAt, lastUsedBy: e.lastUsedBy };
      }
      await this.opts.local.replaceAll(entries);
      return structuredClone(entries);
    } catch (e) {
      this.opts.logger?.info('terminal names read from this register\'s copy: the store did not answer', { error: String(e) });
      return this.opts.local.entries();
    }
  }

  async setName(terminalId: string, name: string | null): Promise<void> {
    const conn = this.opts.link();
    if (!conn) throw new NamesNotShared('the store is not connected');
    let taken = false;
    try {
      await conn.withClient(async (c) => {
        try {
          await c.query(
            `INSERT INTO terminal_names (bank_environment, terminal_id, name, updated_at, updated_by) VALUES ($1, $2, $3, now(), $4)
             ON CONFLICT (bank_environment, terminal_id) DO UPDATE SET name = EXCLUDED.name, updated_at = now(), updated_by = EXCLUDED.updated_by`,
            [this.opts.environment, terminalId, name, this.opts.registerId],
          );
        } catch (e) {
          // The unique index: another register named another terminal so a moment ago.
          if ((e as { code?: unknown }).code !== '23505') throw e;
          taken = true;
        }
      });
    } catch (e) {
      throw new NamesNotShared(String(e));
    }
    if (taken) throw new NameTakenInStore(name ?? '');
    const mine = await this.opts.local.entries();
    await this.opts.local.replaceAll({ ...mine, [terminalId]: { lastUsedAt: null, lastUsedBy: null, ...mine[terminalId], name } });
  }

  /** Noted here first (never lost with the store down), then shared; a use that cannot be shared now is pushed on the next connection. */
  async recordUse(terminalId: string, at: string, registerId: string): Promise<void> {
    await this.opts.local.recordUse(terminalId, at, registerId);
    const conn = this.opts.link();
    if (!conn) return;
    await conn.withClient((c) => pushUse(c, this.opts.environment, terminalId, at, registerId));
  }

  /** Names this register knew before joining (or kept while away) that the store lacks; the store's own rows win. */
  private async offerLocal(conn: StoreConnection): Promise<void> {
    const mine = Object.entries(await this.opts.local.entries());
    if (mine.length === 0) return;
    await conn.transaction(async (c) => {
      for (const [id, e] of mine) {
        if (e.name !== null) {
          await c.query(
            // Only where the store never had a name for it, and no other terminal has this one.
            `INSERT INTO terminal_names AS t (bank_environment, terminal_id, name, updated_at, updated_by)
             SELECT $1, $2, $3, now(), $4
             WHERE NOT EXISTS (SELECT 1 FROM terminal_names o WHERE o.bank_environment = $1 AND lower(o.name) = lower($3) AND o.terminal_id <> $2)
             ON CONFLICT (bank_environment, terminal_id) DO UPDATE SET name = EXCLUDED.name, updated_at = now(), updated_by = EXCLUDED.updated_by
             WHERE t.name IS NULL AND t.updated_at IS NULL`,
            [this.opts.environment, id, e.name, this.opts.registerId],
          );
        }
        if (e.lastUsedAt !== null) await pushUse(c, this.opts.environment, id, e.lastUsedAt, e.lastUsedBy ?? this.opts.registerId);
      }
    });
  }
}

async function pushUse(c: PoolClient, environment: string, terminalId: string, at: string, registerId: string): Promise<void> {
  await c.query(
    `INSERT INTO terminal_names (bank_environment, terminal_id, last_used_at, last_used_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (bank_environment, terminal_id) DO UPDATE SET
       last_used_at = GREATEST(terminal_names.last_used_at, EXCLUDED.last_used_at),
       last_used_by = CASE WHEN terminal_names.last_used_at IS NULL OR EXCLUDED.last_used_at > terminal_names.last_used_at
                           THEN EXCLUDED.last_used_by ELSE terminal_names.last_used_by END`,
    [environment, terminalId, at, registerId],
  );
}
