/**
 * `journal export`: the accountant's file (plain CSV, the CSV a spreadsheet in the chosen language
 * opens straight, or an xlsx workbook) of a day or range, from one register's data folder or from
 * the whole store. It only reads, so it may run while the till is open on the same folder.
 * Everything that is not the file goes to standard error: an empty range says so, and every damaged
 * journal line (or store row) is named and counted, never skipped silently.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { wallTime } from '../../shared/domain/calendar-day.js';
import { localDay } from '../payments/journal-files.js';
import { ENVIRONMENTS, isEnvironment, type Environment } from '../../shared/ipc/types.js';
import { isExportFormat } from '../../shared/domain/export-format.js';
import { isLanguage, LANGUAGES } from '../../shared/i18n/languages.js';
import { isTimeZone } from '../../shared/domain/calendar-day.js';
import { EXIT, type CliCommand } from './cli-command.js';
import { EXPORT_FORMATS, renderExport } from './export-formats.js';
import { isDay, readHistory } from './journal-history.js';
import { foldedHistory } from './money-fold.js';
import { readRegisterFacts } from './register-facts.js';
import { exportStore } from './store-export.js';
import { brokenDays } from './day-service.js';

/** The environment whose journal to read: the one named, else the only one that has a journal. */
export function pickEnvironment(dataDir: string, named: string | undefined): Environment | string {
  if (named !== undefined) return isEnvironment(named) ? named : `--environment must be one of ${ENVIRONMENTS.join(', ')}`;
  const present = ENVIRONMENTS.filter((e) => existsSync(join(dataDir, e, 'journal')));
  if (present.length === 1 && present[0]) return present[0];
  if (present.length === 0) return `no journal found under ${dataDir} (looked in ${ENVIRONMENTS.map((e) => `${e}/journal`).join(', ')})`;
  return `${dataDir} holds journals for ${present.join(', ')}: say which with --environment`;
}

const text = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

export const exportCommand: CliCommand = {
  summary: 'the accountant\'s file (CSV, spreadsheet CSV or xlsx) of a day or a range of days',
  usage: [
    `npm run -s journal -- export --data-dir DIR --from YYYY-MM-DD [--to YYYY-MM-DD] [--environment ${ENVIRONMENTS.join('|')}] [--time-zone ZONE] [FORMAT] [--out FILE]`,
    'npm run -s journal -- export --store-url URL --from YYYY-MM-DD [--to YYYY-MM-DD] [FORMAT] [--out FILE]   (or COUNTERPAY_STORE_URL=URL)',
    `  FORMAT: [--format ${EXPORT_FORMATS.join('|')}] [--locale ${LANGUAGES.join('|')}]`,
  ],
  help: [
    'Writes the payment attempts started from --from to --to (both included; --to defaults to --from)',
    'as a file for the accountant: one register\'s journal from its data folder, or every register\'s from the store.',
    'It only reads, so it may run while Counterpay is open on the same folder.',
    '',
    '  --data-dir DIR      the register\'s data folder (the one holding training/, sandbox/, production/)',
    '  --environment ENV   which environment\'s journal, when the folder holds more than one',
    '  --time-zone ZONE    the register\'s time zone (Europe/Paris…) when this computer\'s is not the register\'s:',
    '                      days and times are cut and written in it',
    '  --store-url URL     the store\'s PostgreSQL address instead; COUNTERPAY_STORE_URL keeps the',
    '                      password out of the process list',
    '  --from, --to        local days of the register, YYYY-MM-DD',
    '  --format csv        comma-separated, decimal dot, days YYYY-MM-DD (the default; for tools and scripts)',
    '  --format excel      what a spreadsheet in the --locale language opens straight: UTF-8 byte order mark,',
    '                      `;` and a decimal comma for fr, it, de, es, and days written that language\'s way',
    '  --format xlsx       a workbook: a sheet of payments (amounts as numbers in euros) and a sheet of totals',
    `  --locale LANG       language of the words in the file (refusal reasons, totals): ${LANGUAGES.join(', ')}; en when absent`,
    '  --out FILE          write the file to FILE (replaced whole, never half-written) instead of standard output',
    '',
    'Messages (an empty range, each damaged line) go to standard error, never into the file.',
  ].join('\n'),
  options: {
    'data-dir': { type: 'string' }, 'store-url': { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, environment: { type: 'string' },
    format: { type: 'string' }, locale: { type: 'string' }, 'time-zone': { type: 'string' },
  },
  writesOutput: true,
  async run(values, io, fail) {
    const dataDirArg = text(values['data-dir']);
    const storeUrl = text(values['store-url']) ?? (dataDirArg ? undefined : io.storeUrl || undefined);
    if (storeUrl !== undefined && dataDirArg) return fail('give either --data-dir (one register) or --store-url (the whole store), not both');
    const from = text(values.from);
    const to = text(values.to) ?? from;
    if (storeUrl === undefined && !dataDirArg) return fail('--data-dir (or --store-url) is required');
    if (!from || !isDay(from)) return fail('--from must be a day written YYYY-MM-DD');
    if (!to || !isDay(to)) return fail('--to must be a day written YYYY-MM-DD');
    if (from > to) return fail(`--from (${from}) is after --to (${to})`);
    const format = text(values.format) ?? 'csv';
    if (!isExportFormat(format)) return fail(`--format must be one of ${EXPORT_FORMATS.join(', ')}`);
    const language = text(values.locale) ?? 'en';
    if (!isLanguage(language)) return fail(`--locale must be one of ${LANGUAGES.join(', ')}`);
    const environment = text(values.environment);
    const zone = text(values['time-zone']);
    if (zone !== undefined && !isTimeZone(zone)) return fail(`--time-zone ${zone} is not a time zone this computer knows (for example Europe/Paris)`);
    if (storeUrl !== undefined) {
      if (environment !== undefined) return fail('--environment reads a data folder; a store holds one environment already');
      if (zone !== undefined) return fail('--time-zone is for a data folder; the store knows each register\'s zone');
      return exportStore(storeUrl, { from, to }, { format, language }, io);
    }
    if (!dataDirArg) return fail('--data-dir is required');
    const dataDir = resolve(dataDirArg);
    const env = pickEnvironment(dataDir, environment);
    if (!isEnvironment(env)) return fail(env);

    const history = await readHistory(join(dataDir, env, 'journal'), { from, to }, zone);
    const facts = await readRegisterFacts(join(dataDir, env));
    const dayOf = (ms: number) => (zone ? wallTime(ms, zone).day : localDay(ms));
    const { rows, refunds } = foldedHistory(history, dayOf, { from, to });
    const file = await renderExport(format, rows, language, { ...facts, zoneOf: () => zone, refunds });
    io.out(file.content);
    if (history.attempts.length === 0) io.err(`No payment attempts in the ${env} journal from ${from} to ${to}.\n`);
    for (const line of history.damaged) io.err(`${line}\n`);
    const broken = brokenDays(history.others.map((o) => o.entry), { from, to });
    if (broken.length) io.err(`The journal of ${broken.join(', ')} was changed outside Counterpay after it was written (npm run journal -- verify names where): these rows may not be what was sold.\n`);
    if (history.damaged.length) io.err(`${history.damaged.length} damaged journal line(s) could not be read and are not in this export.\n`);
    return history.damaged.length || broken.length ? EXIT.damaged : EXIT.ok;
  },
};
