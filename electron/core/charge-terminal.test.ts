/**
 * Each attempt journals its terminal's serial and shop name at charge time, so an export read
 * offline, or after the terminal was renamed, names it as the cashier saw it. Real core, the
 * embedded training sandbox as the bank, the journal read back from disk.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { localDay } from '../../shared/domain/calendar-day.js';
import { toReportRow } from '../../shared/domain/day-report.js';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { toCsv } from '../history/csv-export.js';
import { readHistory } from '../history/journal-history.js';
import { T0, withApp } from './testing/app-fixture.js';

const TERMINAL = SANDBOX_TERMINALS.fr.approve;
const sale = (amountMinor: number) => ({ terminalId: TERMINAL, amountMinor, currency: 'EUR' as const, metadata: {} });

test('the serial and the shop\'s name are journaled with the attempt, and stay as they were after a rename', () =>
  withApp({}, async (f) => {
    const listed = (await f.ok('listTerminals')).terminals.find((t) => t.id === TERMINAL);
    assert.ok(listed);
    await f.ok('setTerminalName', { terminalId: TERMINAL, name: 'Comptoir' });
    const first = await f.ok('charge', sale(1250));
    assert.deepEqual(first.terminal, { serial: listed.poiId, name: 'Comptoir' });
    assert.notEqual(listed.poiId, TERMINAL, 'the serial is not the bank\'s id');
    await f.ok('abandon', { attemptId: first.id });
    await f.ok('setTerminalName', { terminalId: TERMINAL, name: 'Terrasse' });

    const day = localDay(T0);
    const history = await readHistory(join(f.dataDir, 'training', 'journal'), { from: day, to: day });
    assert.deepEqual(history.damaged, []);
    const journaled = history.attempts.find((a) => a.id === first.id);
    assert.deepEqual(journaled?.terminal, { serial: listed.poiId, name: 'Comptoir' }, 'read back from disk as charged');
    const [header, row] = toCsv([toReportRow(journaled!)]).trim().split('\r\n').map((l) => l.split(','));
    assert.equal(row?.[header!.indexOf('terminal_serial')], listed.poiId);
    assert.equal(row?.[header!.indexOf('terminal_name')], 'Comptoir');
  }));
