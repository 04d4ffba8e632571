/**
 * Every register whose chain restarted or was copied, as the store holds it, for the whole
 * store's view: a number held twice under one register id means two chains (a lost newest file,
 * a restored backup, a folder copied to another computer). From that number each chain is
 * followed by its links; the one whose newest record was shipped first is the chain that was
 * left behind, and its numbers are those "already in the store" that differ. Only records from
 * the first doubled number on are read.
 */
import type { Queryable } from './store-history.js';

/** Register `registerId` restarted at record `from`: records from–to already in the store differ. */
export interface StoreChainFork {
  registerId: string;
  from: number;
  to: number;
}

interface Row { register_id: string; seq: string; hash: string; prev: string | null; shipped_ms: string }

export async function readChainForks(db: Queryable): Promise<StoreChainFork[]> {
  const res = await db.query<Row>(
    `WITH forks AS (SELECT register_id, min(seq) AS from_seq FROM (
         SELECT register_id, seq FROM chain_records GROUP BY register_id, seq HAVING count(*) > 1) d GROUP BY register_id)
     SELECT r.register_id, r.seq::text, r.hash, r.prev, (extract(epoch FROM r.shipped_at) * 1000)::bigint::text AS shipped_ms
     FROM chain_records r JOIN forks f ON f.register_id = r.register_id AND r.seq >= f.from_seq
     ORDER BY r.register_id, r.seq`,
  );
  const byRegister = new Map<string, Row[]>();
  for (const row of res.rows) byRegister.set(row.register_id, [...(byRegister.get(row.register_id) ?? []), row]);
  const out: StoreChainFork[] = [];
  for (const [registerId, rows] of byRegister) {
    const from = Number(rows[0]?.seq);
    const after = new Map(rows.filter((r) => r.prev !== null).map((r) => [r.prev, r]));
    const ends = rows.filter((r) => Number(r.seq) === from).map((start) => branchEnd(start, after));
    ends.sort((a, b) => a.shippedMs - b.shippedMs);
    const left = ends[0];
    if (left) out.push({ registerId, from, to: left.seq });
  }
  return out;
}

/** The newest record reached from `start` by following links, and when the branch last shipped. */
function branchEnd(start: Row, after: Map<string | null, Row>): { seq: number; shippedMs: number } {
  let at = start;
  let shippedMs = Number(start.shipped_ms);
  for (;;) {
    const next = after.get(at.hash);
    if (!next) return { seq: Number(at.seq), shippedMs };
    at = next;
    shippedMs = Math.max(shippedMs, Number(next.shipped_ms));
  }
}
