/**
 * Day closings reach the store. Each register closes its own day in its own journal
 * (closings.jsonl stays the truth); this ships every local closing and correction the store
 * lacks, keyed by register, day, kind and closing time, so a closing made while the store was
 * down arrives on the next connection and shipping twice changes nothing. Reading back, every
 * row is checked; a bad one is named and counted, never silently left out.
 */
import type { PoolClient } from 'pg';
import type { Logger } from '../log.js';
import type { StoreConnection } from './connection.js';
import type { DayClosing, DayCorrection, DayRange } from '../../shared/domain/day-report.js';
import { readClosings, type ClosingRecord } from '../history/day-closings.js';
import { checkClosingRow, type ClosingRow } from './closing-rows.js';
import { withSignedHeads } from './store-signed-heads.js';
import type { Queryable } from './store-history.js';

const keyOf = (r: { day: string; kind: string; at: number | string }) => `${r.day}|${r.kind}|${String(r.at)}`;

export interface ClosingsShipped {
  shipped: number;
  /** Lines of closings.jsonl that could not be read (and so could not be shipped). */
  damaged: string[];
}

/** Ships, in one transaction, every local closing of this register the store does not hold yet. */
export async function shipClosings(c: PoolClient, registerId: string, journalDir: string): Promise<ClosingsShipped> {
  const local = await readClosings(journalDir);
  const mine = local.records.filter((r) => r.registerId === registerId);
  if (mine.length === 0) return { shipped: 0, damaged: local.damaged };
  const held = await c.query<{ day: string; kind: string; at: string }>(
    'SELECT day, kind, at_ms::text AS at FROM day_closings WHERE register_id = $1', [registerId]);
  const inStore = new Set(held.rows.map(keyOf));
  const missing = mine.filter((r) => !inStore.has(keyOf(r)));
  if (missing.length === 0) return { shipped: 0, damaged: local.damaged };
  await c.query('BEGIN');
  try {
    for (const r of missing) await upsert(c, r);
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
  return { shipped: missing.length, damaged: local.damaged };
}

/** Idempotent: the register's journal is the truth, so a row shipped again is written as the journal says. */
async function upsert(c: PoolClient, r: ClosingRecord): Promise<void> {
  await c.query(
    `INSERT INTO day_closings (register_id, day, kind, at_ms, closed_at, closed_by, totals, note, attempt_ids, z_number, grand_total, closed_by_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10, $11::jsonb, $12)
     ON CONFLICT (register_id, day, kind, at_ms) DO UPDATE SET closed_at = EXCLUDED.closed_at, closed_by = EXCLUDED.closed_by,
       closed_by_id = EXCLUDED.closed_by_id,
       totals = EXCLUDED.totals, note = EXCLUDED.note, attempt_ids = EXCLUDED.attempt_ids, z_number = EXCLUDED.z_number,
       grand_total = EXCLUDED.grand_total, shipped_at = now()`,
    [r.registerId, r.day, r.kind, r.at, new Date(r.at).toISOString(), r.by, r.kind === 'close' ? JSON.stringify(r.totals) : null,
      r.kind === 'correction' ? r.note : null, JSON.stringify(r.attemptIds),
      r.kind === 'close' ? r.number ?? null : null, r.kind === 'close' && r.grandTotal ? JSON.stringify(r.grandTotal) : null,
      r.byStaff?.id ?? null],
  );
}

export interface StoreClosings {
  closings: DayClosing[];
  corrections: DayCorrection[];
  /** One line per row that could not be read: which register, day and why. */
  damaged: string[];
}

/** Every register's closings and corrections of the range's days, oldest first. */
export async function readStoreClosings(db: Queryable, range: DayRange, names: Record<string, string>): Promise<StoreClosings> {
  const res = await db.query<ClosingRow>(
    `SELECT register_id, day, kind, at_ms::text AS at_ms, closed_by, closed_by_id, totals::text AS totals, note, attempt_ids::text AS attempt_ids,
       z_number, grand_total::text AS grand_total
     FROM day_closings WHERE day >= $1 AND day <= $2 ORDER BY at_ms, register_id, kind`,
    [range.from, range.to],
  );
  const out: StoreClosings = { closings: [], corrections: [], damaged: [] };
  for (const row of res.rows) {
    const checked = checkClosingRow(row);
    if (!checked.ok) {
      const register = typeof row.register_id === 'string' ? names[row.register_id] ?? row.register_id : '?';
      out.damaged.push(`store register ${register} closing of ${String(row.day)} ignored: ${checked.why}`);
    } else if (checked.record.kind === 'close') out.closings.push(checked.record);
    else out.corrections.push(checked.record);
  }
  out.closings = await withSignedHeads(db, out.closings, names, out.damaged);
  return out;
}

export interface CourierOptions {
  /** The store's connection, null until connected. */
  link: () => StoreConnection | null;
  registerId: string;
  journalDir: string;
  /** Wait before trying again after a failed pass. */
  retryMs: number;
  logger?: Logger;
}

/**
 * Runs shipClosings one pass at a time (another pass if asked for meanwhile), and after a failed
 * pass tries again on its own: the outbox may never notice the link went down if no payment was
 * made meanwhile, so its "link is back" alone would leave a closing behind.
 */
export class ClosingsCourier {
  private run: Promise<void> | null = null;
  private again = false;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Damaged lines already logged: every pass meets them again, the log needs them once. */
  private readonly reported = new Set<string>();

  constructor(private readonly o: CourierOptions) {}

  readonly kick = (): void => void this.ship();

  ship(): Promise<void> {
    if (this.run) {
      this.again = true;
      return this.run;
    }
    this.run = this.passes().finally(() => { this.run = null; });
    return this.run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.run;
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      const conn = this.o.link();
      if (!conn || this.stopped) return;
      try {
        const done = await conn.withClient((c) => shipClosings(c, this.o.registerId, this.o.journalDir));
        for (const line of done.damaged) {
          if (this.reported.has(line)) continue;
          this.reported.add(line);
          this.o.logger?.warn('day closing not shipped: its line cannot be read', { line });
        }
      } catch (e) {
        this.o.logger?.warn('day closings not shipped yet; tried again shortly', { error: String(e) });
        if (!this.retry && !this.stopped) this.retry = setTimeout(() => { this.retry = null; this.kick(); }, this.o.retryMs);
        return;
      }
    } while (this.again);
  }
}
