/**
 * `npm run journal -- verify --data-dir DIR [--environment ENV]`: checks an environment's whole
 * journal chain, read-only (it may run beside the app); `--store-url URL` every register's chain
 * as the store holds it (store-verify.ts). Exit 0 and one line when intact; exit 3
 * and one line per break (file, line, what is wrong) otherwise; 2 for a usage error. A record cut
 * short by a crash is said on standard error and is not a break.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isEnvironment } from '../../shared/ipc/types.js';
import { checkJournal } from './journal-verify.js';
import { readVerifiedPoint } from './verified-point.js';
import { pickEnvironment, type CliIo } from './cli.js';

const USAGE = [
  'usage: npm run journal -- verify --data-dir DIR [--environment training|sandbox|production]',
  '       npm run journal -- verify --store-url URL   (or COUNTERPAY_STORE_URL=URL)',
].join('\n');

export async function runVerifyCli(argv: string[], io: CliIo): Promise<number> {
  let values: { 'data-dir'?: string; environment?: string; 'store-url'?: string };
  try {
    ({ values } = parseArgs({ args: argv, strict: true, options: { 'data-dir': { type: 'string' }, environment: { type: 'string' }, 'store-url': { type: 'string' } } }));
  } catch (e) {
    io.err(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const storeUrl = values['store-url'] ?? (values['data-dir'] ? undefined : io.storeUrl || undefined);
  if (storeUrl !== undefined) {
    if (values['data-dir'] || values.environment) {
      io.err(`give either --data-dir (one register) or --store-url (every register in the store), not both\n${USAGE}\n`);
      return 2;
    }
    return (await import('./store-verify.js')).verifyStore(storeUrl, io);
  }
  if (!values['data-dir']) {
    io.err(`--data-dir is required\n${USAGE}\n`);
    return 2;
  }
  const dataDir = resolve(values['data-dir']);
  const env = pickEnvironment(dataDir, values.environment);
  if (!isEnvironment(env)) {
    io.err(`${env}\n${USAGE}\n`);
    return 2;
  }
  const journalDir = join(dataDir, env, 'journal');
  const check = await checkJournal(journalDir, null, await readVerifiedPoint(journalDir));
  for (const note of check.notes) io.err(`note: ${note}\n`);
  if (check.breaks.length === 0) {
    const last = check.tip ? `, last record ${check.tip.seq} in ${check.tip.file} line ${check.tip.line}` : '';
    io.out(`journal intact: ${check.records} chained records in ${check.files} day file(s) of ${env}${last}\n`);
    return 0;
  }
  for (const b of check.breaks) io.out(`${b.file}${b.line > 0 ? ` line ${b.line}` : ''}: ${b.what}\n`);
  io.err(`${check.breaks.length} break(s) in the ${env} journal's chain.\n`);
  return 3;
}
