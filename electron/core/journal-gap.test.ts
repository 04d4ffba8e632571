/** The newest journal file deleted with a sale open: the manager is told, and the sale open in the older file is still watched to its end. */
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import { journalFiles, openFixture, SALE, type Fixture } from '../payments/testing/engine-fixture.js';
import { JournalGapWatch } from './journal-gap.js';

let fx: Fixture;
afterEach(async () => fx?.cleanup());

/** As the core does it: the files are looked at before the engine opens (its restore writes at once). */
async function reopenWatched(f: Fixture, before?: JournalGapWatch): Promise<{ fx: Fixture; gap: JournalGapWatch }> {
  await f.engine.close();
  await before?.settled();
  const gap = await JournalGapWatch.open(f.dir);
  const next = await f.reopen({ bank: f.bank });
  next.engine.onCommitted((r) => gap.committed(r.seq, r.at));
  return { fx: next, gap };
}

test('the newest journal file deleted with a sale open: a notice naming its day, and the sale open in the older file settles', async () => {
  fx = await openFixture({ clock: new ManualClock({ start: new Date(2026, 3, 1, 23, 59, 30).getTime(), frozen: true }) });
  let gap: JournalGapWatch;
  ({ fx, gap } = await reopenWatched(fx));
  const open = await fx.engine.charge(SALE);
  await fx.engine.settled();
  await fx.advance(120_000, 1000);
  assert.equal(fx.engine.get(open.id)?.state, 'timed_out', 'no answer by the deadline: the late watch goes on');
  assert.deepEqual(journalFiles(fx.dir), ['2026-04-01.jsonl', '2026-04-02.jsonl']);
  assert.equal(gap.notice(), null);

  // An ordinary restart says nothing.
  ({ fx, gap } = await reopenWatched(fx, gap));
  assert.equal(gap.notice(), null);
  await rm(join(fx.dir, 'journal', '2026-04-02.jsonl'));

  ({ fx, gap } = await reopenWatched(fx, gap));
  const notice = gap.notice();
  assert.equal(notice?.kind, 'journal_file_missing');
  assert.equal(notice?.params.day, '2026-04-02');
  // The older file still has the sale open: it is watched, and settles when the bank says so.
  assert.ok(['accepted', 'timed_out'].includes(fx.engine.get(open.id)?.state ?? ''));
  fx.bank.setStatus('pay-1', 'AUTHORIZED');
  await fx.advance(10_000, 1000);
  assert.equal(fx.engine.get(open.id)?.state, 'authorized');
});

test('the store holding records beyond the journal\'s end tells the same, even with the mark gone', async () => {
  fx = await openFixture();
  await fx.engine.charge(SALE);
  await fx.engine.settled();
  await rm(join(fx.dir, 'journal-mark.json'), { force: true });
  const gap = await JournalGapWatch.open(fx.dir);
  gap.storeAhead(fx.engine.lastSeq(), fx.engine.lastSeq());
  assert.equal(gap.notice(), null, 'the store level with the journal');
  gap.storeAhead(fx.engine.lastSeq() + 5, fx.engine.lastSeq());
  assert.equal(gap.notice()?.kind, 'journal_file_missing');
});

test('a stop before the new day\'s mark was written: the next start brings the mark forward, and that file\'s loss is still named', async () => {
  fx = await openFixture({ clock: new ManualClock({ start: new Date(2026, 3, 1, 23, 59, 30).getTime(), frozen: true }) });
  let gap: JournalGapWatch;
  ({ fx, gap } = await reopenWatched(fx));
  await fx.engine.charge(SALE);
  await fx.engine.settled();
  await fx.advance(120_000, 1000);
  assert.deepEqual(journalFiles(fx.dir), ['2026-04-01.jsonl', '2026-04-02.jsonl']);
  await fx.engine.close();
  await gap.settled();
  // As if killed after the new day's file was written and before its mark was.
  const markPath = join(fx.dir, 'journal-mark.json');
  await writeFile(markPath, `${JSON.stringify({ day: '2026-04-01', seq: 2 })}\n`);

  ({ fx, gap } = await reopenWatched(fx));
  assert.equal(gap.notice(), null, 'nothing is missing yet');
  assert.equal((JSON.parse(await readFile(markPath, 'utf8')) as { day: string }).day, '2026-04-02');
  await rm(join(fx.dir, 'journal', '2026-04-02.jsonl'));

  ({ fx, gap } = await reopenWatched(fx, gap));
  assert.equal(gap.notice()?.kind, 'journal_file_missing');
  assert.equal(gap.notice()?.params.day, '2026-04-02');
});
