/**
 * The whole store's export for the command line: the same formats, columns, neutralising and
 * messages as one register's export, with each register written by its name and each payment's
 * day and time in its register's own time zone. A store that cannot be read gets
 * a sentence saying which of its problems it is, on standard error, and exit code 4.
 */
import { toReportRow, type DayRange } from '../../shared/domain/day-report.js';
import { foldRecords } from '../../shared/domain/refunds.js';
import type { StoreProblemCode } from '../store/store-problem.js';
import type { Language } from '../../shared/i18n/languages.js';
import { EXIT, type CliIo } from './cli-command.js';
import { renderExport, type ExportFormat } from './export-formats.js';

/** For a person at a terminal, about a store they try to export (not a register's Settings). */
const WHY: Record<StoreProblemCode, string> = {
  bad_url: 'the store URL is not a PostgreSQL address (postgres://user:password@server:port/database)',
  unreachable: 'the store server does not answer: check the server name and port, and that it is running',
  wrong_password: 'the store refused the user name or password',
  no_database: 'the store server has no database with that name',
  not_a_store: 'that database is not a Counterpay store',
  newer_schema: 'the store was set up by a newer Counterpay: update Counterpay to export it',
  no_privilege: 'the store user may not read the store\'s tables (it needs SELECT on them)',
  tls: 'the secure connection to the store failed: check the URL\'s sslmode and certificates',
  link_down: 'the connection to the store broke while reading: try again',
  register_copied: 'another computer holds this register in the store',
  register_elsewhere: 'another computer holds this register in the store',
};

/** Why a store cannot be read, for a person at a terminal. */
export const storeUnreadable = (code: StoreProblemCode): string => WHY[code];

export async function exportStore(url: string, range: DayRange, as: { format: ExportFormat; language: Language }, io: CliIo): Promise<number> {
  // Loaded here: exporting one register's folder never loads the store code or pg.
  const [{ readStoreDayAt }, { StoreProblem }] = await Promise.all([import('../store/store-reader.js'), import('../store/store-problem.js')]);
  let day;
  try {
    day = await readStoreDayAt(url, range);
  } catch (e) {
    if (!(e instanceof StoreProblem)) throw e;
    io.err(`Cannot export the store: ${storeUnreadable(e.code)}.\n`);
    return EXIT.storeUnreadable;
  }
  const rows = foldRecords(day.attempts.map(toReportRow), day.settlements, day.refundsOfPayments);
  const file = await renderExport(as.format, rows, as.language, {
    registerNames: new Map(Object.entries(day.registerNames)), zoneOf: (id) => day.registerZones[id], refunds: day.refunds,
  });
  io.out(file.content);
  if (rows.length === 0) io.err(`No payment attempts in the store from ${range.from} to ${range.to}.\n`);
  for (const line of day.damaged) io.err(`${line}\n`);
  if (day.damaged.length) {
    io.err(`${day.damaged.length} damaged store row(s) could not be read and are not in this export.\n`);
    return EXIT.damaged;
  }
  return EXIT.ok;
}
