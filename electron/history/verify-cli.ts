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
import { fingerprintsLine, readFingerprint, readKeyFiles, type GivenKeys } from '../signing/trusted-keys.js';

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

/** The keys and fingerprints the auditor gave (null: none), or a usage error in words. */
async function givenKeys(files: readonly string[], fingerprintTexts: readonly string[]): Promise<GivenKeys | null | string> {
  if (files.length === 0 && fingerprintTexts.length === 0) return null;
  const fingerprints: string[] = [];
  for (const t of fingerprintTexts) {
    const fp = readFingerprint(t);
    if (typeof fp !== 'string') return fp.error;
    fingerprints.push(fp);
  }
  const keys = await readKeyFiles(files.map((f) => resolve(f)));
  return 'error' in keys ? keys.error : { keys, fingerprints };
}

/** Said whenever the keys came from beside the records: they vouch for nothing an editor could not redo. */
const trustNote = (given: GivenKeys | null, where: string): string[] => (given ? [] : [
  `the signatures were checked with the keys ${where === PUBLIC_KEYS_FILE ? `in ${PUBLIC_KEYS_FILE} beside the journal` : 'the archive carries'}: whoever rewrote the records could have re-signed them and swapped the keys; compare the fingerprints printed with one obtained elsewhere (a Z report, the back office settings), or give --public-keys FILE or --key-fingerprint HEX`,
]);

export const verifyCommand: CliCommand = {
  summary: 'checks the journal\'s chain and signatures: no record changed, removed or reordered (a folder, the store or an archive)',
  usage: [
    `npm run -s journal -- verify --data-dir DIR [--environment ${ENVIRONMENTS.join('|')}] [--anchor SEQ:HASH] [--archive FILE] [--store-url URL] [--public-keys FILE] [--key-fingerprint HEX]`,
    'npm run -s journal -- verify --store-url URL [--public-keys FILE]   (or COUNTERPAY_STORE_URL=URL)',
    'npm run -s journal -- verify --archive FILE [--public-keys FILE] [--key-fingerprint HEX]',
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
    '',
    'Keys from beside the records prove only that the files agree with themselves: whoever rewrites',
    'them can re-sign them and swap the keys. With a folder or an archive, give the keys you trust:',
    '',
    '  --public-keys FILE      the register\'s public keys, obtained elsewhere (repeatable)',
    '  --key-fingerprint HEX   a key\'s SHA-256 fingerprint or its first 16 hex digits (its id, as the',
    '                          Z report and the back office settings show it) (repeatable)',
    '',
    'Then signatures are checked only with those keys and the keys they signed a change to. Every',
    'run prints the fingerprint of each key that signed, to compare with one obtained elsewhere.',
  ].join('\n'),
  options: {
    'data-dir': { type: 'string' }, environment: { type: 'string' }, 'store-url': { type: 'string' }, archive: { type: 'string' },
    anchor: { type: 'string', multiple: true }, 'public-keys': { type: 'string', multiple: true }, 'key-fingerprint': { type: 'string', multiple: true },
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
    const fingerprintTexts = Array.isArray(v['key-fingerprint']) ? v['key-fingerprint'] : [];
    const given = await givenKeys(publicKeys, fingerprintTexts);
    if (typeof given === 'string') return fail(given);
    if (!dataDirArg) {
      if (environment || anchorTexts.length) return fail('--environment and --anchor go with --data-dir');
      if (archive !== undefined) {
        if (storeArg) return fail('give --archive without --store-url to check an archive (or with --data-dir to check a journal against it)');
        const read = await archiveAnchor(resolve(archive), given);
        if (typeof read === 'string') return fail(read);
        const { check } = read;
        const m = check.manifest;
        const signedBy = check.signedBy ? `; the archive is signed by key ${check.signedBy}` : '';
        return report(io, check.breaks, [...check.notes, ...trustNote(given, 'the archive')], `archive intact: ${check.records} chained records in ${m?.files.length ?? 0} day file(s) of ${m?.environment ?? '?'} from ${m?.from ?? '?'} to ${m?.to ?? '?'}, ${m?.laterClosings.length ?? 0} later closing(s); ${check.signatures} signature(s) checked${given ? ' against the keys given' : ''}${signedBy}${fingerprintsLine(check.known, check.used)}`, 'the archive');
      }
      if (fingerprintTexts.length) return fail('--key-fingerprint goes with --data-dir or --archive');
      const storeUrl = storeArg ?? (io.storeUrl || undefined);
      if (storeUrl === undefined) return fail('--data-dir, --store-url or --archive is required');
      return (await import('./store-verify.js')).verifyStore(storeUrl, io, publicKeys.map((f) => resolve(f)));
    }
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
      const read = await archiveAnchor(resolve(archive), given);
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
    const check = await checkJournal(journalDir, null, await readVerifiedPoint(journalDir), null, anchors, given);
    const last = check.tip ? `, last record ${check.tip.seq} in ${check.tip.file} line ${check.tip.line}` : '';
    const signed = check.signatures > 0 ? `; ${check.signatures} signature(s) checked against ${given ? 'the keys given' : PUBLIC_KEYS_FILE}` : '';
    const against = anchors.length ? `; its end checked against ${anchors.map((a) => a.source).join(', ')}` : '';
    const keys = fingerprintsLine(check.known ?? new Map(), check.used ?? []);
    const notes = [...check.notes, ...(check.signatures > 0 ? trustNote(given, PUBLIC_KEYS_FILE) : [])];
    return report(io, [...outside, ...check.breaks], notes, `journal intact: ${check.records} chained records in ${check.files} day file(s) of ${env}${last}${signed}${keys}${against}`, `the ${env} journal's chain`);
  },
};
