/** Daily journal files: carry-forward at midnight, and start-up reading only the newest file. */
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../shared/clock.js';
import { journalFiles, openFixture, readRecords, SALE, type Fixture } from './testing/engine-fixture.js';

let fx: Fixture;
afterEach(async () => fx?.cleanup());

test('an attempt open at midnight is carried into the new day\'s file; a restart reads only that file', async () => {
  const evening = new Date(2026, 3, 1, 23, 50, 0).getTime();
  fx = await openFixture({ clock: new ManualClock({ start: evening, frozen: true }) });
  const done = await fx.engine.charge(SALE);
  await fx.engine.settled();
  fx.bank.setStatus('pay-1', 'AUTHORIZED');
  await fx.advance(1000);
  assert.equal(fx.engine.today().totals.authorized.authorizedMinor, 1330);

  fx.clock.set(new Date(2026, 3, 1, 23, 59, 30).getTime());
  const open = await fx.engine.charge({ ...SALE, amountMinor: 990 });
  await fx.advance(120_000, 1000);
  assert.equal(fx.engine.get(open.id)?.state, 'timed_out');
  assert.deepEqual(journalFiles(fx.dir), ['2026-04-01.jsonl', '2026-04-02.jsonl']);

  const day2 = readRecords(fx.dir, '2026-04-02.jsonl');
  assert.equal(day2[0]?.kind, 'carry');
  assert.deepEqual(day2[0]?.attempts.map((a) => [a.id, a.state]), [[open.id, 'accepted']]);
  assert.deepEqual(day2.slice(1).flatMap((r) => r.attempts.map((a) => a.state)), ['timed_out']);
  assert.equal(fx.engine.get(done.id), undefined, 'yesterday\'s finished attempts leave memory at the roll');

  fx = await fx.reopen({ bank: fx.bank });
  assert.equal(fx.engine.get(done.id), undefined, 'start-up did not read yesterday\'s file');
  assert.equal(fx.engine.get(open.id)?.state, 'timed_out');
  assert.equal(fx.engine.active()?.id, open.id);
  const view = fx.engine.today();
  assert.deepEqual(view.attempts.map((a) => a.id), [open.id], 'the unfinished attempt from yesterday stays visible');
  assert.equal(view.totals.authorized.authorizedMinor, 0);

  fx.bank.setStatus('pay-2', 'AUTHORIZED');
  await fx.advance(10_000, 1000);
  assert.equal(fx.engine.get(open.id)?.lateOutcome, true, 'the late watch continues across the day and the restart');
});
