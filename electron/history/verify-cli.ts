/**
 * `npm run journal -- verify --data-dir DIR [--environment ENV]`: checks an environment's whole
 * journal chain, read-only (it may run beside the app), and its end against what is given from
 * outside the register (verify-anchors.ts); `--store-url URL` alone every register's chain as the
 * store holds it (store-verify.ts); `--archive FILE` alone an archive, anywhere. Exit 0 and one
 * line when intact; exit 3 and one line per break (file, line, what is wrong) otherwise. A
 * record cut short by a crash is said on standard error and is not a break.
 */
import { join, resolve } from 'node:path';
import { ENVIRONMENTS, isEnvironment } from '../../shared/ipc/types.js';
import { EXIT, type CliCommand, type CliIo } from './cli-command.js';
import { pickEnvironment } from './export-command.js';
import { checkJournal, type Anchor } from './journal-verify.js';
import { readVerifiedPoint } from './verified-point.js';
import { PUBLIC_KEYS_FILE } from '../signing/signed-text.js';
import type { ChainBreak } from '../payments/record-bodies.js';
import { archiveAnchor, parseAnchor, storeAnchor } from './verify-anchors.js';

const text = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

function report(io: CliIo, breaks: readonly ChainBreak[], notes: readonly string[], intact: string, what: string): number {
  for (const note of notes) io.err(`note: ${note}\n`);
  if (breaks.length === 0) {
    io.out(`${intact}\n`);
    return EXIT.ok;
  }
  for (const b of breaks) io.out(`${b.file}${b.line > 0 ? ` line ${b.line}` : ''}: ${b.what}\n`);
  io.err(`${breaks.length} break(s) in ${what}.\n`);
  return EXIT.damaged;
}

export const verifyCommand: CliCommand = {
  summary: 'checks the journal\'s chain and signatures: no record changed, removed or reordered (a folder, the store or an archive)',
  usage: [
    `npm run -s journal -- verify --data-dir DIR [--environment ${ENVIRONMENTS.join('|')}] [--anchor SEQ:HASH] [--archive FILE] [--store-url URL]`,
    'npm run -s journal -- verify --store-url URL [--public-keys FILE]   (or COUNTERPAY_STORE_URL=URL)',
    'npm run -s journal -- verify --archive FILE',
  ],
  help: [
    'Reads only, so it may run beside the app. Prints one line when the chain is intact (exit 0);',
    'otherwise one line per break, "FILE line N: what is wrong" (exit 3). A last record cut short by',
    'a crash is a note on standard error, not a break. Every signature record is checked with the',
    'public keys in journal/public-keys.pem: a chain recomputed after an edit is a break at the first',
    'signature after the edit. Records cut off the very end are seen only against something outside',
    'the register, which a data folder is checked against when given:',
    '',
    '  --anchor SEQ:HASH   a printed closing\'s chain head: the record number and (at least the first 16',
    '                      hex digits of) its hash; the journal must still hold that record',
    '  --archive FILE      an archive of this journal: checked itself, then its last record is the anchor',
    '  --store-url URL     the store: its newest record of this register is the anchor',
    '  (and always the last point the app verified, journal/verified.json)',
    '',
    'Alone, --store-url checks every register\'s chain and signatures as the store holds them (keys from',
    'the key changes in the chain and each --public-keys FILE, a register\'s public-keys.pem), and',
    '--archive checks an archive anywhere, with nothing but the file (docs/archives.md).',
  ].join('\n'),
  options: {
    'data-dir': { type: 'string' }, environment: { type: 'string' }, 'store-url': { type: 'string' }, archive: { type: 'string' },
    anchor: { type: 'string', multiple: true }, 'public-keys': { type: 'string', multiple: true },
  },
  writesOutput: false,
  async run(values, io, fail) {
    const v = values as Record<string, string | boolean | string[] | undefined>;
    const dataDirArg = text(values['data-dir']);
    const environment = text(values.environment);
    const archive = text(values.archive);
    const anchorTexts = Array.isArray(v.anchor) ? v.anchor : [];
    const publicKeys = Array.isArray(v['public-keys']) ? v['public-keys'] : [];
    const storeArg = text(values['store-url']);
    if (!dataDirArg) {
      if (environment || anchorTexts.length) return fail('--environment and --anchor go with --data-dir');
      if (archive !== undefined) {
        if (storeArg || publicKeys.length) return fail('give --archive alone to check an archive (or with --data-dir to check a journal against it)');
        const read = await archiveAnchor(resolve(archive));
        if (typeof read === 'string') return fail(read);
        const { check } = read;
        const m = check.manifest;
        const signedBy = check.signedBy ? `; the archive is signed by key ${check.signedBy}` : '';
        return report(io, check.breaks, check.notes, `archive intact: ${check.records} chained records in ${m?.files.length ?? 0} day file(s) of ${m?.environment ?? '?'} from ${m?.from ?? '?'} to ${m?.to ?? '?'}, ${m?.laterClosings.length ?? 0} later closing(s); ${check.signatures} signature(s) checked${signedBy}`, 'the archive');
      }
      const storeUrl = storeArg ?? (io.storeUrl || undefined);
      if (storeUrl === undefined) return fail('--data-dir, --store-url or --archive is required');
      return (await import('./store-verify.js')).verifyStore(storeUrl, io, publicKeys.map((f) => resolve(f)));
    }
    if (publicKeys.length) return fail('--public-keys goes with --store-url alone: a data folder has its own public-keys.pem');
    const dataDir = resolve(dataDirArg);
    const env = pickEnvironment(dataDir, environment);
    if (!isEnvironment(env)) return fail(env);
    const anchors: Anchor[] = [];
    for (const t of anchorTexts) {
      const a = parseAnchor(t);
      if (typeof a === 'string') return fail(a);
      anchors.push(a);
    }
    const outside: ChainBreak[] = [];
    if (archive !== undefined) {
      const read = await archiveAnchor(resolve(archive));
      if (typeof read === 'string') return fail(read);
      const { check, anchor } = read;
      outside.push(...check.breaks.map((b) => ({ ...b, file: `${archive}: ${b.file}` })));
      if (anchor) anchors.push(anchor);
    }
    if (storeArg !== undefined) {
      const anchor = await (await import('./store-verify.js')).readStoreAnchor(storeArg, join(dataDir, env), storeAnchor, io);
      if (typeof anchor === 'number') return anchor;
      if (typeof anchor === 'string') return fail(anchor);
      if (anchor) anchors.push(anchor);
    }
    const journalDir = join(dataDir, env, 'journal');
    const check = await checkJournal(journalDir, null, await readVerifiedPoint(journalDir), null, anchors);
    const last = check.tip ? `, last record ${check.tip.seq} in ${check.tip.file} line ${check.tip.line}` : '';
    const signed = check.signatures > 0 ? `; ${check.signatures} signature(s) checked against ${PUBLIC_KEYS_FILE}` : '';
    const against = anchors.length ? `; its end checked against ${anchors.map((a) => a.source).join(', ')}` : '';
    return report(io, [...outside, ...check.breaks], check.notes, `journal intact: ${check.records} chained records in ${check.files} day file(s) of ${env}${last}${signed}${against}`, `the ${env} journal's chain`);
  },
};
