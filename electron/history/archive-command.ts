/**
 * `journal archive`: one file of a period for an accountant or auditor (electron/archive/): the
 * day files whole, the closings, the public keys and a manifest. It runs without the app, so it
 * has no key: the archive rests on the heads the register signed. It checks the archive it just
 * wrote, so a journal already changed outside Counterpay is said at once (exit 3), and the file
 * is still written as the journal stands: the auditor sees the same breaks.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ENVIRONMENTS, isEnvironment } from '../../shared/ipc/types.js';
import { EXIT, type CliCommand } from './cli-command.js';
import { pickEnvironment } from './export-command.js';
import { isDay } from './journal-history.js';
import { NothingToArchive, writeArchive } from '../archive/archive-write.js';
import { checkArchive } from '../archive/archive-verify.js';

const text = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

export const archiveCommand: CliCommand = {
  summary: 'one file of a period\'s journal, closings, public keys and manifest, for an auditor to verify anywhere',
  usage: [`npm run -s journal -- archive --data-dir DIR --from YYYY-MM-DD --to YYYY-MM-DD --out FILE [--environment ${ENVIRONMENTS.join('|')}]`],
  help: [
    'Writes the day files from --from to --to (both included) whole, the closings of those days written',
    'later (each with the signature after it), the public keys and a manifest into FILE. It only reads the',
    'journal, so it may run beside the app. It has no key (the app\'s key stays in its keychain): the archive',
    'rests on the heads the register signed inside it; the back office\'s "archive" also signs it whole.',
    'Check it anywhere with: npm run -s journal -- verify --archive FILE (docs/archives.md).',
    '',
    '  --data-dir DIR      the register\'s data folder (the one holding training/, sandbox/, production/)',
    '  --environment ENV   which environment\'s journal, when the folder holds more than one',
    '  --from, --to        local days of the register, YYYY-MM-DD',
    '  --out FILE          the archive (replaced whole, never half-written); required',
    '',
    'Exit 3 when the archived journal already has breaks: they are listed, and the archive is still written.',
  ].join('\n'),
  // Its own --out, not the dispatcher's: the archive is streamed into the file, never collected from standard output.
  options: { 'data-dir': { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, environment: { type: 'string' }, out: { type: 'string' } },
  writesOutput: false,
  async run(values, io, fail) {
    const dataDirArg = text(values['data-dir']);
    const from = text(values.from);
    const to = text(values.to);
    if (!dataDirArg) return fail('--data-dir is required');
    if (!from || !isDay(from)) return fail('--from must be a day written YYYY-MM-DD');
    if (!to || !isDay(to)) return fail('--to must be a day written YYYY-MM-DD');
    if (from > to) return fail(`--from (${from}) is after --to (${to})`);
    const outFile = text(values.out);
    if (outFile === undefined) return fail('--out FILE is required: an archive is a file, never standard output');
    if (outFile === '') return fail('--out needs a file name');
    const dataDir = resolve(dataDirArg);
    const env = pickEnvironment(dataDir, text(values.environment));
    if (!isEnvironment(env)) return fail(env);
    let written;
    try {
      written = await writeArchive({ journalDir: join(dataDir, env, 'journal'), environment: env, from, to, writtenAt: Date.now(), writtenBy: 'command line' }, resolve(outFile));
    } catch (e) {
      if (e instanceof NothingToArchive) return fail(`nothing to archive: the ${env} journal has ${e.message}`);
      io.err(`Cannot write ${outFile}: ${(e as Error).message}\n`);
      return EXIT.failed;
    }
    const m = written.manifest;
    io.err(`${m.records} record(s) in ${m.files.length} day file(s), ${m.laterClosings.length} later closing(s), ${m.signatures} signed head(s)` +
      `${m.unsignedTail ? `; the last ${m.unsignedTail} record(s) come after the last signed head` : ''}.\n`);
    // Read back whole, as verify --archive reads it: the check needs every byte at once.
    const check = checkArchive(await readFile(outFile));
    for (const b of check.breaks) io.err(`${b.file}${b.line > 0 ? ` line ${b.line}` : ''}: ${b.what}\n`);
    io.err(`Written to ${outFile}.\n`);
    return check.breaks.length ? EXIT.damaged : EXIT.ok;
  },
};
