/**
 * `npm run journal -- verify --data-dir DIR [--environment ENV]`: checks an environment's whole
 * journal chain, read-only (it may run beside the app); `--store-url URL` every register's chain
 * as the store holds it (store-verify.ts). Exit 0 and one line when intact; exit 3 and one line
 * per break (file, line, what is wrong) otherwise. A record cut short by a crash is said on
 * standard error and is not a break.
 */
import { join, resolve } from 'node:path';
import { ENVIRONMENTS, isEnvironment } from '../../shared/ipc/types.js';
import { EXIT, type CliCommand } from './cli-command.js';
import { pickEnvironment } from './export-command.js';
import { checkJournal } from './journal-verify.js';
import { readVerifiedPoint } from './verified-point.js';
import { PUBLIC_KEYS_FILE } from '../signing/signed-text.js';

const text = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

export const verifyCommand: CliCommand = {
  summary: 'checks the journal\'s chain: no record changed, removed or reordered between two it still holds',
  usage: [
    `npm run -s journal -- verify --data-dir DIR [--environment ${ENVIRONMENTS.join('|')}]`,
    'npm run -s journal -- verify --store-url URL   (or COUNTERPAY_STORE_URL=URL)',
  ],
  help: [
    'Reads only, so it may run beside the app. Prints one line when the chain is intact (exit 0);',
    'otherwise one line per break, "FILE line N: what is wrong" (exit 3). A last record cut short by',
    'a crash is a note on standard error, not a break. Records cut off the very end are seen only',
    'against the last point the app verified (journal/verified.json) or the store. Every signature',
    'record is checked with the public keys in journal/public-keys.pem: a chain recomputed after an',
    'edit is a break at the first signature after the edit.',
  ].join('\n'),
  options: { 'data-dir': { type: 'string' }, environment: { type: 'string' }, 'store-url': { type: 'string' } },
  writesOutput: false,
  async run(values, io, fail) {
    const dataDirArg = text(values['data-dir']);
    const environment = text(values.environment);
    const storeUrl = text(values['store-url']) ?? (dataDirArg ? undefined : io.storeUrl || undefined);
    if (storeUrl !== undefined) {
      if (dataDirArg || environment) return fail('give either --data-dir (one register) or --store-url (every register in the store), not both');
      return (await import('./store-verify.js')).verifyStore(storeUrl, io);
    }
    if (!dataDirArg) return fail('--data-dir (or --store-url) is required');
    const dataDir = resolve(dataDirArg);
    const env = pickEnvironment(dataDir, environment);
    if (!isEnvironment(env)) return fail(env);
    const journalDir = join(dataDir, env, 'journal');
    const check = await checkJournal(journalDir, null, await readVerifiedPoint(journalDir));
    for (const note of check.notes) io.err(`note: ${note}\n`);
    if (check.breaks.length === 0) {
      const last = check.tip ? `, last record ${check.tip.seq} in ${check.tip.file} line ${check.tip.line}` : '';
      const signed = check.signatures > 0 ? `; ${check.signatures} signature(s) checked against ${PUBLIC_KEYS_FILE}` : '';
      io.out(`journal intact: ${check.records} chained records in ${check.files} day file(s) of ${env}${last}${signed}\n`);
      return EXIT.ok;
    }
    for (const b of check.breaks) io.out(`${b.file}${b.line > 0 ? ` line ${b.line}` : ''}: ${b.what}\n`);
    io.err(`${check.breaks.length} break(s) in the ${env} journal's chain.\n`);
    return EXIT.damaged;
  },
};
