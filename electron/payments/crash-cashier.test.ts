/**
 * Who sold it survives a crash: a child charges while a cashier is signed in and is SIGKILLed
 * before the request leaves; the restore (where nobody is signed in: who is selling is never
 * kept on disk) finishes the payment, and every snapshot of the attempt still names the
 * cashier who started it, and so do the records of the bank's answers the restore journals.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crashSetup, isEvent as is } from './testing/crash-setup.js';
import { journalFiles } from './testing/engine-fixture.js';
import { decodeLine } from './journal-records.js';

const crash = crashSetup({ latencyMs: 50, approveDelayMs: 200 });
const ANNA = { id: 'anna-1', name: 'Anna' };

describe('SIGKILL with a cashier signed in, then restore', () => {
  test('the restored attempt keeps its cashier; the answers after the restart still name her', async () => {
    const dataDir = crash.dataDir('counterpay-crash-cashier-');
    const first = crash.child({ mode: 'charge', hold: 'before-send', dataDir, label: 'cashier', cashier: ANNA });
    const created = await first.waitFor(is('update', (e) => e.state === 'sending'), 'the journaled attempt');
    await first.waitFor(is('holding'), 'the parked request');
    await first.kill();

    const second = crash.child({ mode: 'restore', hold: null, dataDir, label: 'cashier restore' });
    const final = await second.waitFor(is('final'), 'every attempt final');
    assert.equal((await second.exited).code, 0);
    assert.deepEqual(final.attempts, [{ id: String(created.id), state: 'authorized' }]);

    const entries = journalFiles(dataDir).flatMap((f) => readFileSync(join(dataDir, 'journal', f), 'utf8').split('\n').filter(Boolean))
      .map((line) => {
        const d = decodeLine(line);
        return d.ok ? d : assert.fail(d.reason);
      });
    const snapshots = entries.flatMap((d) => (d.record?.attempts ?? []).filter((a) => a.id === created.id).map((a) => ({ by: d.entry.byStaff, kind: d.entry.kind, cashier: a.cashier })));
    assert.ok(snapshots.length >= 3, 'created, then finished by the restore');
    assert.ok(snapshots.every((s) => s.cashier?.id === ANNA.id && s.cashier.name === 'Anna'), 'every snapshot names who started it');
    assert.deepEqual(snapshots[0]?.by, ANNA, 'the sale was journaled under Anna');
    // Nobody is signed in after the restart, yet the bank's answers are Anna's sale's: they name her.
    assert.ok(snapshots.slice(1).every((s) => s.by?.id === ANNA.id || s.kind === 'carry'), JSON.stringify(snapshots));
  });
});
