/**
 * The signed head of each register's day closing, for the whole store's Z: the store's
 * day_closings row carries the Z number and grand total, and the closing record and the
 * `signature` record the register wrote right after it (docs/closings.md) reach `chain_records`
 * with the rest of its chain. A closing whose record is there gets its place in the chain
 * (seq, hash); the signature record right after it on the same chain (next seq, linking to the
 * closing's hash), read by the journal's own reader, gets printed beside it. A row that does not
 * read is reported, never skipped silently; a closing with no signature in the store says so.
 */
import type { DayClosing } from '../../shared/domain/day-report.js';
import { isPlainObject } from '../../shared/json.js';
import { readSignatureBody } from '../payments/signature-bodies.js';
import type { Queryable } from './store-history.js';

interface HeadRow {
  register_id: string;
  at_ms: string;
  seq: string;
  hash: string;
  /** The closing record's exact text: parsed here, so one damaged row cannot fail the whole read. */
  closing: string;
  /** The signature record's exact text, null when none follows the closing in the store. */
  signature: string | null;
}

function bodyOfRaw(raw: string): Record<string, unknown> | null {
  try {
    const record = JSON.parse(raw) as unknown;
    return isPlainObject(record) && isPlainObject(record.body) ? record.body : null;
  } catch {
    return null;
  }
}

/** The closings with their place in the chain and the signature made at each (null: none in the store); damaged rows named in `damaged`. */
export async function withSignedHeads(db: Queryable, closings: DayClosing[], names: Record<string, string>, damaged: string[]): Promise<DayClosing[]> {
  if (closings.length === 0) return closings;
  const { rows } = await db.query<HeadRow>(
    `SELECT c.register_id, c.at_ms::text AS at_ms, c.seq::text AS seq, c.hash, c.raw AS closing, s.raw AS signature
     FROM chain_records c
     LEFT JOIN chain_records s ON s.register_id = c.register_id AND s.kind = 'signature' AND s.seq = c.seq + 1 AND s.prev = c.hash
     WHERE c.kind = 'close' AND c.register_id = ANY($1::text[]) AND c.at_ms = ANY($2::bigint[])`,
    [[...new Set(closings.map((c) => c.registerId))], [...new Set(closings.map((c) => c.at))]],
  );
  return closings.map((closing) => {
    const row = rows.find((r) => r.register_id === closing.registerId && Number(r.at_ms) === closing.at && bodyOfRaw(r.closing)?.day === closing.day);
    if (!row) return closing;
    const placed: DayClosing = { ...closing, seq: Number(row.seq), hash: row.hash, signature: null };
    if (row.signature === null) return placed;
    const body = bodyOfRaw(row.signature);
    const read = body ? readSignatureBody(body) : null;
    if (!read?.ok) {
      damaged.push(`store register ${names[closing.registerId] ?? closing.registerId}, signature after record ${row.seq} ignored: it does not read as a signature`);
      return placed;
    }
    return { ...placed, signature: read.value };
  });
}
