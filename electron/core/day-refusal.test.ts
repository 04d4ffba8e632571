/**
 * Each refused closing or correction reaches the screen as its own reason, the payments that keep
 * the day open counted by kind, and is worded with its next step in every language.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { LANGUAGES } from '../../shared/i18n/languages.js';
import { translator } from '../../shared/i18n/translate.js';
import { errorWords } from '../../renderer/src/logic/errors.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { DayClosingRefused, DayService } from '../history/day-service.js';
import { Journal } from '../payments/journal.js';
import { journalWriter } from '../payments/testing/record-writer.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { dayRefusal, type DayRefusal } from './day-refusal.js';

const DAY1 = '2026-04-01';
const sale = (at: number): Attempt => newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at);

async function refusal(run: () => Promise<unknown>): Promise<DayRefusal> {
  try {
    await run();
  } catch (e) {
    if (e instanceof DayClosingRefused) return dayRefusal(e);
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('a refused day closing, by reason', () => {
  test('the journal\'s refusals each carry their own reason and counts', async () => {
    await withTempDir('counterpay-refusal-', async (dir) => {
      let now = T0;
      const { journal } = await Journal.open(dir);
      const days = new DayService({ journalDir: join(dir, 'journal'), records: journalWriter(journal, () => now), registerId: 'reg-1', now: () => now });
      const write = (kind: 'create' | 'update', a: Attempt) => journal.append(kind, a.updatedAt, [a], () => []);
      const [open, late, dup] = [sale(T0), sale(T0 + 1), sale(T0 + 2)];
      for (const a of [open, late, dup]) await write('create', a);
      await write('update', { ...late, state: 'timed_out', updatedAt: late.deadlineAt });
      await write('update', { ...dup, state: 'authorized', authorizedAmountMinor: dup.amountMinor, paymentId: 'p1', possibleDuplicate: true, updatedAt: T0 + 20 });
      now = late.deadlineAt + 1000;

      assert.deepEqual(await refusal(() => days.closeDay(DAY1, 'Marie')),
        { reason: 'day.not_settled', params: { open: 1, watching: 1, duplicates: 1, minutes: 30 } });
      assert.equal((await refusal(() => days.closeDay('2026-04-02', 'Marie'))).reason, 'day.not_begun');
      assert.equal((await refusal(() => days.correctDay(DAY1, 'Marie', 'x'))).reason, 'day.not_closed');
      await journal.close();
    });
  });

  test('already closed names who closed it; nothing changed needs no correction', () => {
    assert.deepEqual(dayRefusal({ why: 'already_closed', blockers: [], by: 'Marie' }), { reason: 'day.already_closed', params: { by: 'Marie' } });
    assert.deepEqual(dayRefusal({ why: 'nothing_changed', blockers: [] }), { reason: 'day.nothing_changed', params: {} });
  });

  test('each reason has its own words, with the counts, in every language', () => {
    const settled: DayRefusal = { reason: 'day.not_settled', params: { open: 2, watching: 0, duplicates: 1, minutes: 30 } };
    const en = translator('en');
    const words = errorWords({ code: 'conflict', ...settled });
    assert.equal(en(words.next, settled.params).trim(),
      '2 payments are still in progress at the counter: finish or abandon them there. One possible duplicate is not settled: answer it under Possible duplicates.');
    for (const language of LANGUAGES) {
      const t = translator(language);
      const all = (['not_begun', 'already_closed', 'not_settled', 'not_closed', 'nothing_changed'] as const)
        .map((why) => errorWords({ code: 'conflict', reason: `day.${why}` })).map((w) => t(w.next, { ...settled.params, by: 'Marie' }));
      assert.equal(new Set(all).size, 5, `${language}: five different next steps`);
      assert.notEqual(t(words.title), t('error.conflict.title'), `${language}: not the generic words`);
    }
  });
});
