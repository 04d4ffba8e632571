/** `npm run journal -- export --format excel|xlsx --locale …`: the files a spreadsheet opens, read back as an accountant's would be. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Attempt } from '../../shared/domain/attempt.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { runJournalCli } from './cli.js';
import { EXIT } from './cli-command.js';

const none = (): Attempt[] => [];

/** A register's folder as the app leaves it: its settings, its terminal names, a sale journaled before the serial was kept. */
async function registerFolder(dir: string): Promise<void> {
  const env = join(dir, 'training');
  const { journal } = await Journal.open(env);
  const a = newAttempt({ ...SALE, amountMinor: 1999, registerId: 'REG-1', saleId: null, previousAttemptId: null }, T0);
  await journal.append('create', T0, [a], none);
  await journal.append('update', T0 + 5000, [{ ...a, state: 'authorized', paymentId: 'pay-1', authorizedAmountMinor: 2199, tipMinor: 200 }], none);
  await journal.close();
  writeFileSync(join(env, 'register.json'), JSON.stringify({ registerId: 'REG-1', defaultTerminalId: null, language: null, registerName: 'Caisse du bar' }));
  writeFileSync(join(env, 'terminals.json'), JSON.stringify({ terminals: { [SALE.terminalId]: { name: 'Comptoir', lastUsedAt: null, lastUsedBy: null } } }));
}

async function run(argv: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await runJournalCli(argv, { out: () => undefined, err: (t) => (err += t) });
  return { code, err };
}

test('--format excel --locale de: BOM, `;`, decimal comma, German days, the register\'s and the terminal\'s names', async () => {
  await withTempDir('counterpay-cli-', async (dir) => {
    await registerFolder(dir);
    const out = join(dir, 'tag.csv');
    const res = await run(['export', '--data-dir', dir, '--from', '2026-04-01', '--format', 'excel', '--locale', 'de', '--out', out]);
    assert.equal(res.code, EXIT.ok, res.err);
    const text = readFileSync(out, 'utf8');
    assert.ok(text.startsWith('\ufeff'));
    const [header, row] = parse(text, { delimiter: ';', bom: true }) as string[][];
    const cell = (name: string) => row?.[header!.indexOf(name)];
    assert.equal(cell('amount_authorized'), '21,99');
    assert.equal(cell('tip'), '2,00');
    assert.equal(cell('local_date'), '01.04.2026');
    assert.equal(cell('register'), 'Caisse du bar', 'a register working alone is written by its name, not its id');
    assert.equal(cell('terminal_name'), 'Comptoir');
    assert.equal(cell('terminal_serial'), SALE.terminalId, 'no serial journaled and none known offline: the id');
  });
});

test('--format xlsx --out FILE: a workbook whose amounts are numbers and whose totals match', async () => {
  await withTempDir('counterpay-cli-', async (dir) => {
    await registerFolder(dir);
    const out = join(dir, 'day.xlsx');
    const res = await run(['export', '--data-dir', dir, '--from', '2026-04-01', '--format', 'xlsx', '--locale', 'it', '--out', out]);
    assert.equal(res.code, EXIT.ok, res.err);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    assert.deepEqual(wb.worksheets.map((s) => s.name), ['Pagamenti', 'Totali']);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    assert.equal(wb.worksheets[0]!.getRow(2).getCell(header.indexOf('amount_authorized') + 1).value, 21.99);
    const totals = wb.worksheets[1]!;
    assert.equal(totals.getRow(1).getCell(2).value, 21.99, 'the first figure: authorized by the bank');
    assert.equal(totals.getRow(2).getCell(2).value, 2, 'of which tips');
  });
});

test('--time-zone: the register\'s days and times, whatever this computer\'s zone; an unknown zone is a usage error', async () => {
  await withTempDir('counterpay-cli-', async (dir) => {
    await registerFolder(dir);
    const out = join(dir, 'day.csv');
    // T0 is 10:00 in this process's zone; 14 hours ahead of UTC is on the next day in most zones.
    const res = await run(['export', '--data-dir', dir, '--from', '2026-04-01', '--to', '2026-04-02', '--time-zone', 'Pacific/Kiritimati', '--out', out]);
    assert.equal(res.code, EXIT.ok, res.err);
    const [header, row] = parse(readFileSync(out, 'utf8')) as string[][];
    const expected = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati', hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(T0);
    assert.equal(row?.[header!.indexOf('local_time')], expected);
    const bad = await run(['export', '--data-dir', dir, '--from', '2026-04-01', '--time-zone', 'Mars/Olympus']);
    assert.equal(bad.code, EXIT.usage);
    assert.match(bad.err, /--time-zone Mars\/Olympus is not a time zone/);
  });
});
