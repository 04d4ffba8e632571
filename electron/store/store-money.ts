/**
 * The whole store's refunds and hand settlements, read from `chain_records`, where shipping puts
 * every record of every register's chain. Rows from the database are input like journal lines:
 * each body is checked by the same reader the journal uses, and a row that fails is reported
 * (register, record, why), never skipped silently. Read in the caller's snapshot, beside the
 * attempts, so the store's view counts them exactly as one register's journal does.
 */
import { STAFF_ID_RE } from '../../shared/domain/staff.js';
import type { Refund, Settlement } from '../../shared/domain/refunds.js';
import { isPlainObject } from '../../shared/json.js';
import { readRefundBody, readSettlementBody } from '../payments/money-bodies.js';
import type { Queryable } from './store-history.js';

interface MoneyRow {
  register_id: string;
  seq: string;
  kind: string;
  at_ms: string;
  by_name: string;
  /** The record's exact text as the register wrote it; parsed here, so one damaged row cannot fail the whole read. */
  raw: string;
}

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export interface StoreMoney {
  /** Every refund recorded from `sinceMs` on (each counts on its own day; the caller cuts). */
  refunds: Refund[];
  settlements: Settlement[];
  damaged: string[];
}

/** `sinceMs`: no refund or settlement of a payment in range can be older than the range's earliest payment. */
export async function readStoreMoney(db: Queryable, sinceMs: number, names: Record<string, string>): Promise<StoreMoney> {
  const { rows } = await db.query<MoneyRow>(
    `SELECT register_id, seq::text AS seq, kind, at_ms::text AS at_ms, by_name, raw
     FROM chain_records WHERE kind IN ('refund', 'settlement') AND at_ms >= $1 ORDER BY at_ms, register_id, seq`,
    [sinceMs],
  );
  const out: StoreMoney = { refunds: [], settlements: [], damaged: [] };
  for (const row of rows) {
    const where = `register ${names[row.register_id] ?? row.register_id}, record ${row.seq}`;
    const record = parsed(row.raw);
    const body = isPlainObject(record) ? record.body : undefined;
    if (!isPlainObject(body)) {
      out.damaged.push(`${where} ignored: its ${row.kind} has no body`);
      continue;
    }
    const at = Number(row.at_ms);
    // The record's own `by` names the staff member (id and name) where by_name keeps only the name.
    const by = isPlainObject(record) && isPlainObject(record.by) && typeof record.by.id === 'string' && STAFF_ID_RE.test(record.by.id)
      && typeof record.by.name === 'string' ? { id: record.by.id, name: record.by.name } : row.by_name;
    if (row.kind === 'refund') {
      const read = readRefundBody(body);
      if (!read.ok) out.damaged.push(`${where} ignored: ${read.issues.map((i) => `${i.pointer} ${i.detail}`).join('; ')}`);
      // A refund names the register that recorded it; the row says which register shipped it, and that one wins.
      else out.refunds.push({ ...read.value, registerId: row.register_id, at, by });
    } else {
      const read = readSettlementBody(body);
      if (!read.ok) out.damaged.push(`${where} ignored: ${read.issues.map((i) => `${i.pointer} ${i.detail}`).join('; ')}`);
      else out.settlements.push({ ...read.value, at, by });
    }
  }
  return out;
}
