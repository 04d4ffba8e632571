/**
 * `npm run journal -- verify --store-url URL`: every register's chain as the store holds it,
 * checked like a journal folder (chain-check.ts) from each record's exact text: a stored hash
 * that is not its text's, an edited, missing or reordered record, and numbers held twice (a
 * restarted or copied journal under one register id) are named by register and number.
 * Read-only, in one snapshot.
 */
import { sealRaw } from '../payments/journal-envelope.js';
import type { ChainBreak } from '../payments/record-bodies.js';
import { ChainChecker } from './chain-check.js';
import { EXIT, type CliIo } from './cli-command.js';
import { storeUnreadable } from './store-export.js';

interface Row { register_id: string; seq: string; hash: string; raw: string }

export async function verifyStore(url: string, io: CliIo): Promise<number> {
  const [{ readStoreAt }, { StoreProblem }] = await Promise.all([import('../store/store-reader.js'), import('../store/store-problem.js')]);
  let rows: Row[];
  try {
    rows = await readStoreAt(url, async (c) => (await c.query<Row>('SELECT register_id, seq::text AS seq, hash, raw FROM chain_records ORDER BY register_id, seq, hash')).rows);
  } catch (e) {
    if (!(e instanceof StoreProblem)) throw e;
    io.err(`Cannot verify the store: ${storeUnreadable(e.code)}.\n`);
    return EXIT.storeUnreadable;
  }
  const breaks: ChainBreak[] = [];
  const registers = new Map<string, Row[]>();
  for (const r of rows) registers.set(r.register_id, [...(registers.get(r.register_id) ?? []), r]);
  for (const [registerId, held] of registers) {
    const file = `store register ${registerId}`;
    const checker = new ChainChecker(null);
    for (const r of held) {
      const sealed = sealRaw(r.raw);
      if (sealed.hash !== r.hash) breaks.push({ file, line: Number(r.seq), what: `edited record: record ${r.seq}'s text no longer has the hash it is kept under` });
      checker.line(file, Number(r.seq), sealed.line);
    }
    breaks.push(...checker.end(true));
  }
  if (breaks.length === 0) {
    io.out(`store intact: ${rows.length} records of ${registers.size} register(s)\n`);
    return EXIT.ok;
  }
  for (const b of breaks) io.out(`${b.file} record ${b.line}: ${b.what}\n`);
  io.err(`${breaks.length} break(s) in the store's chains.\n`);
  return EXIT.damaged;
}
