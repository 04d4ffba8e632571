/**
 * `npm run journal -- export --data-dir DIR --from YYYY-MM-DD --to YYYY-MM-DD [--environment ENV]`
 * `npm run journal -- export --store-url URL --from YYYY-MM-DD --to YYYY-MM-DD` (the whole store)
 *
 * The accountant's CSV for scripts and accounting tools, written to standard output. It only
 * reads, so it may run while the till is open on the same folder. Everything that is not CSV
 * goes to standard error: an empty range says so, and every damaged journal line is named
 * (file, line) and counted, never skipped silently; the exit code is 0 when the export is
 * complete, 3 when damaged lines (or store rows) were left out or the journal of the range was found
 * changed outside Counterpay (verify names where), 2 for a usage error, 4 when
 * the store cannot be read (unreachable, refused, not a store, newer schema: each said apart).
 * The store URL may also come from COUNTERPAY_STORE_URL, which keeps its password out of the
 * process list.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { toReportRow } from '../../shared/domain/day-report.js';
import { ENVIRONMENTS, isEnvironment, type Environment } from '../../shared/ipc/types.js';
import { toCsv } from './csv-export.js';
import { isDay, readHistory } from './journal-history.js';
import { exportStore } from './store-export.js';
import { brokenDays } from './day-service.js';

const USAGE = [
  'usage: npm run journal -- export --data-dir DIR --from YYYY-MM-DD --to YYYY-MM-DD [--environment training|sandbox|production]',
  '       npm run journal -- export --store-url URL --from YYYY-MM-DD --to YYYY-MM-DD   (or COUNTERPAY_STORE_URL=URL)',
].join('\n');

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** COUNTERPAY_STORE_URL, when set. */
  storeUrl?: string;
}

function fail(io: CliIo, message: string): number {
  io.err(`${message}\n${USAGE}\n`);
  return 2;
}

/** The environment whose journal to read: the one named, else the only one that has a journal. */
export function pickEnvironment(dataDir: string, named: string | undefined): Environment | string {
  if (named !== undefined) return isEnvironment(named) ? named : `--environment must be one of ${ENVIRONMENTS.join(', ')}`;
  const present = ENVIRONMENTS.filter((e) => existsSync(join(dataDir, e, 'journal')));
  if (present.length === 1 && present[0]) return present[0];
  if (present.length === 0) return `no journal found under ${dataDir} (looked in ${ENVIRONMENTS.map((e) => `${e}/journal`).join(', ')})`;
  return `${dataDir} holds journals for ${present.join(', ')}: say which with --environment`;
}

export async function runJournalCli(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'verify') return (await import('./verify-cli.js')).runVerifyCli(argv.slice(1), io);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv, allowPositionals: true, strict: true,
      options: {
        'data-dir': { type: 'string' }, 'store-url': { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, environment: { type: 'string' },
      },
    });
  } catch (e) {
    return fail(io, (e as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals[0] !== 'export' || positionals.length !== 1) return fail(io, 'the only command is "export"');
  const storeUrl = values['store-url'] ?? (values['data-dir'] ? undefined : io.storeUrl || undefined);
  if (storeUrl !== undefined && values['data-dir']) return fail(io, 'give either --data-dir (one register) or --store-url (the whole store), not both');
  if (storeUrl === undefined && !values['data-dir']) return fail(io, '--data-dir (or --store-url) is required');
  const from = values.from;
  const to = values.to ?? from;
  if (!from || !isDay(from)) return fail(io, '--from must be a day written YYYY-MM-DD');
  if (!to || !isDay(to)) return fail(io, '--to must be a day written YYYY-MM-DD');
  if (from > to) return fail(io, `--from (${from}) is after --to (${to})`);
  if (storeUrl !== undefined) {
    if (values.environment !== undefined) return fail(io, '--environment reads a data folder; a store holds one environment already');
    return exportStore(storeUrl, { from, to }, io);
  }
  if (!values['data-dir']) return fail(io, '--data-dir is required');
  const dataDir = resolve(values['data-dir']);
  const env = pickEnvironment(dataDir, values.environment);
  if (!isEnvironment(env)) return fail(io, env);

  const history = await readHistory(join(dataDir, env, 'journal'), { from, to });
  io.out(toCsv(history.attempts.map(toReportRow)));
  const broken = brokenDays(history.others.map((o) => o.entry), { from, to });
  if (broken.length) io.err(`The journal of ${broken.join(', ')} was changed outside Counterpay after it was written (see npm run journal -- verify): these rows may not be what was sold.\n`);
  if (history.attempts.length === 0) io.err(`No payment attempts in the ${env} journal from ${from} to ${to}.\n`);
  for (const line of history.damaged) io.err(`${line}\n`);
  if (history.damaged.length) io.err(`${history.damaged.length} damaged journal line(s) could not be read and are not in this export.\n`);
  if (history.damaged.length || broken.length) return 3;
  return 0;
}

// Run only when executed directly, so tests can call runJournalCli in-process.
if (process.argv[1] && /history[\\/]cli\.ts$/.test(process.argv[1])) {
  const code = await runJournalCli(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    ...(process.env.COUNTERPAY_STORE_URL ? { storeUrl: process.env.COUNTERPAY_STORE_URL } : {}),
  });
  process.exitCode = code;
}
