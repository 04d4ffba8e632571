/** A day closing read back from the store: one written before refunds and net takings existed still reads, with nothing refunded. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkClosingRow } from './closing-rows.js';

const bucket = { count: 2, authorizedMinor: 2450, tipMinor: 200 };
/** The totals as the first store release wrote them. */
const FIRST_RELEASE_TOTALS = {
  authorized: bucket, refused: 1, rejected: 0, noAnswer: 1, open: 0, abandoned: 0,
  openDuplicates: { count: 0, authorizedMinor: 0 }, sales: 2, averageTicketMinor: 1225,
  byTerminal: { T1: bucket }, byRegister: { 'REG-1': bucket }, byPaymentMethod: { visa: bucket }, byHour: Array.from({ length: 24 }, () => 0),
};

const row = (totals: object) => ({
  register_id: 'REG-1', day: '2026-04-01', kind: 'close', at_ms: '1775030400000', closed_by: 'Marie', totals: JSON.stringify(totals), note: null, attempt_ids: '["a1","a2"]',
});

test('an older closing reads with nothing refunded and net takings equal to authorized', () => {
  const checked = checkClosingRow(row(FIRST_RELEASE_TOTALS));
  assert.ok(checked.ok, checked.ok ? '' : checked.why);
  assert.equal(checked.record.kind, 'close');
  if (checked.record.kind !== 'close') return;
  assert.equal(checked.record.totals.refundedMinor, 0);
  assert.equal(checked.record.totals.netMinor, 2450);
  assert.equal(checked.record.totals.settledByHand, 0);
});

test('a closing with the figures of today keeps them as written, and refuses a figure of the wrong kind', () => {
  const checked = checkClosingRow(row({ ...FIRST_RELEASE_TOTALS, refundedMinor: 450, netMinor: 2000, settledByHand: 1 }));
  assert.ok(checked.ok && checked.record.kind === 'close');
  assert.deepEqual([checked.record.totals.refundedMinor, checked.record.totals.netMinor, checked.record.totals.settledByHand], [450, 2000, 1]);
  const bad = checkClosingRow(row({ ...FIRST_RELEASE_TOTALS, netMinor: '2000' }));
  assert.equal(bad.ok, false);
});

test('a numbered closing reads its Z number and grand total; a wrong one is refused with the reason, an older one has neither', () => {
  const grand = { grossMinor: 5000, refundedMinor: 450, netMinor: 4550 };
  const numbered = checkClosingRow({ ...row(FIRST_RELEASE_TOTALS), z_number: 7, grand_total: JSON.stringify(grand) });
  assert.ok(numbered.ok && numbered.record.kind === 'close');
  assert.deepEqual([numbered.record.number, numbered.record.grandTotal], [7, grand]);
  const older = checkClosingRow({ ...row(FIRST_RELEASE_TOTALS), z_number: null, grand_total: null });
  assert.ok(older.ok && older.record.kind === 'close' && !('number' in older.record));
  const zero = checkClosingRow({ ...row(FIRST_RELEASE_TOTALS), z_number: 0, grand_total: JSON.stringify(grand) });
  assert.deepEqual(zero, { ok: false, why: 'the Z number is not a number from 1 up' });
  const unbalanced = checkClosingRow({ ...row(FIRST_RELEASE_TOTALS), z_number: 7, grand_total: JSON.stringify({ ...grand, netMinor: 5000 }) });
  assert.equal(unbalanced.ok, false);
  assert.match(unbalanced.ok ? '' : unbalanced.why, /grand total/);
});
