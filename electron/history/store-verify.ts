/**
 * `npm run journal -- verify --store-url URL`: every register's chain as the store holds it,
 * checked like a journal folder (chain-check.ts) from each record's exact text: a stored hash
 * that is not its text's, an edited, missing or reordered record, and numbers held twice (a
 * restarted or copied journal under one register id) are named by register and number. Its
 * signatures are checked as a folder's (signature-check.ts), with the keys each key change in
 * the chain carries and those given (a register's public-keys.pem): the store holds no key file,
 * so a signature by a key given nowhere is a note, not a break. Read-only, in one snapshot.
 */
import { linkOf, sealRaw } from '../payments/journal-envelope.js';
import type { ChainBreak } from '../payments/record-bodies.js';
import type { KeyObject } from 'node:crypto';
import { fingerprintsLine, readKeyFiles } from '../signing/trusted-keys.js';
import { SIGNED_KINDS, SignatureCheck } from '../signing/signature-check.js';
import type { Anchor } from './journal-verify.js';
import { ChainChecker } from './chain-check.js';
import { EXIT, type CliIo } from './cli-command.js';
import { storeUnreadable } from './store-export.js';

interface Row { register_id: string; seq: string; hash: string; raw: string }

/** The store's anchor for a data folder (verify-anchors.ts), or the exit code when the store cannot be read. */
export async function readStoreAnchor(
  url: string, environmentDir: string, read: (url: string, dir: string) => Promise<Anchor | null | string>, io: CliIo,
): Promise<Anchor | null | string | number> {
  const { StoreProblem } = await import('../store/store-problem.js');
  try {
    return await read(url, environmentDir);
  } catch (e) {
    if (!(e instanceof StoreProblem)) throw e;
    io.err(`Cannot read the store: ${storeUnreadable(e.code)}.\n`);
    return EXIT.storeUnreadable;
  }
}

export async function verifyStore(url: string, io: CliIo, keyFiles: readonly string[] = []): Promise<number> {
  const given = await readKeyFiles(keyFiles);
  if ('error' in given) {
    io.err(`${given.error}.\n`);
    return EXIT.usage;
  }
  const [{ readStoreAt }, { StoreProblem }] = await Promise.all([import('../store/store-reader.js'), import('../store/store-problem.js')]);
  let rows: Row[];
  try {
    rows = await readStoreAt(url, async (c) => (await c.query<Row>('SELECT register_id, seq::text AS seq, hash, raw FROM chain_records ORDER BY register_id, chain_records.seq, hash')).rows);
  } catch (e) {
    if (!(e instanceof StoreProblem)) throw e;
    io.err(`Cannot verify the store: ${storeUnreadable(e.code)}.\n`);
    return EXIT.storeUnreadable;
  }
  const breaks: ChainBreak[] = [];
  const notes: string[] = [];
  let signatures = 0;
  let unchecked = 0;
  // Every key that made a valid signature, printed with its fingerprint for the auditor to compare.
  const used: string[] = [];
  const known = new Map<string, KeyObject>();
  const registers = new Map<string, Row[]>();
  for (const r of rows) registers.set(r.register_id, [...(registers.get(r.register_id) ?? []), r]);
  for (const [registerId, held] of registers) {
    const file = `store register ${registerId}`;
    const checker = new ChainChecker(null);
    const signed = SignatureCheck.withKeys(new Map(given), { learnFromChanges: true, unknownKeyIsNote: keyFiles.length === 0 });
    for (const r of held) {
      const sealed = sealRaw(r.raw);
      if (sealed.hash !== r.hash) breaks.push({ file, line: Number(r.seq), what: `edited record: record ${r.seq}'s text no longer has the hash it is kept under` });
      checker.line(file, Number(r.seq), sealed.line);
      const link = linkOf(sealed.raw);
      if (link && SIGNED_KINDS.has(link.kind)) signed.record(sealed.raw, link, { file, line: Number(r.seq) }, (seq) => checker.hashOf(seq));
    }
    breaks.push(...checker.end(true), ...signed.breaks);
    notes.push(...signed.notes);
    signatures += signed.signatures;
    unchecked += signed.unchecked;
    used.push(...signed.used);
    for (const [id, key] of signed.known) known.set(id, key);
  }
  for (const note of notes) io.err(`note: ${note}\n`);
  if (breaks.length === 0) {
    // A signature by a key given nowhere was not checked: the summary never counts it as checked.
    const checked = signatures - unchecked;
    io.out(`store intact: ${rows.length} records of ${registers.size} register(s)${checked ? `; ${checked} signature(s) checked` : ''}${unchecked ? `; ${unchecked} signature(s) not checked (their keys were not given: --public-keys)` : ''}${fingerprintsLine(known, used)}\n`);
    return EXIT.ok;
  }
  for (const b of breaks) io.out(`${b.file} record ${b.line}: ${b.what}\n`);
  io.err(`${breaks.length} break(s) in the store's chains.\n`);
  return EXIT.damaged;
}
