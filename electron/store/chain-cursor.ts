/**
 * Where shipping resumes, found by identity, never by "after the store's highest number": the
 * newest record of this register's journal that the store holds with the same hash. Shipping goes
 * in order, so the store holds a prefix of this journal's chain and a binary search over numbers
 * finds its end. Records the store holds beyond that point, or numbers it holds twice, belong to
 * another chain under this register's id: the journal restarted (a lost newest file, a restored
 * backup) or its folder was copied to a second computer. They are named, and this journal's own
 * records still ship beside them (the store keys records by number and hash).
 */
import type { PoolClient } from 'pg';
import type { RecordSource } from './journal-feed.js';

/** Records of this register's id in the store that this journal does not hold. */
export interface ChainFork {
  /** The first and last number the store holds differently. */
  from: number;
  to: number;
}

export interface ResumePoint {
  /** Ship every local record after this number (-1: from the start). */
  after: number;
  fork: ChainFork | null;
}

type Query = Pick<PoolClient, 'query'>;

export async function resumePoint(c: Query, registerId: string, source: RecordSource): Promise<ResumePoint> {
  const top = await c.query<{ seq: string | null }>('SELECT max(seq)::text AS seq FROM chain_records WHERE register_id = $1', [registerId]);
  const storeMax = top.rows[0]?.seq == null ? null : Number(top.rows[0].seq);
  if (storeMax === null) return { after: -1, fork: null };
  const held = async (seq: number): Promise<boolean> => {
    const [local] = await source.since(seq - 1, 1);
    if (!local?.chain || local.seq !== seq) return false;
    const r = await c.query('SELECT 1 FROM chain_records WHERE register_id = $1 AND seq = $2 AND hash = $3', [registerId, seq, local.chain.hash]);
    return (r.rowCount ?? 0) > 0;
  };
  let after = storeMax;
  if (!(await held(storeMax))) {
    let lo = 0;
    let hi = storeMax;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (await held(mid)) lo = mid;
      else hi = mid;
    }
    after = lo === 0 && !(await held(1)) ? -1 : lo;
  }
  return { after, fork: await forkAfter(c, registerId, after) };
}

/** Numbers past the resume point, or held twice: another chain under the same register id. */
async function forkAfter(c: Query, registerId: string, after: number): Promise<ChainFork | null> {
  const r = await c.query<{ lo: string | null; hi: string | null }>(
    `SELECT min(seq)::text AS lo, max(seq)::text AS hi FROM (
       SELECT seq FROM chain_records WHERE register_id = $1 AND seq > $2
       UNION ALL SELECT seq FROM chain_records WHERE register_id = $1 GROUP BY seq HAVING count(*) > 1) AS other`,
    [registerId, after],
  );
  const row = r.rows[0];
  return row?.lo == null || row.hi == null ? null : { from: Number(row.lo), to: Number(row.hi) };
}
