import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { say, translator } from '../../../shared/i18n/translate.js';
import { activeDaysWords, cardActions, cardQuery, defaultCardFilters, nicknameProblem, restrictionsProblem, toggle } from './cards.js';

const en = translator('en');

describe('cardActions', () => {
  test('a live physical card can be locked and reported lost', () => {
    assert.deepEqual(cardActions({ status: 'live', card_level: 'standard' }), ['rename', 'restrictions', 'lock', 'reportLost']);
  });
  test('a paused card can be unlocked, not locked again', () => {
    assert.deepEqual(cardActions({ status: 'paused', card_level: 'metal' }), ['rename', 'restrictions', 'unlock', 'reportLost']);
  });
  test('a virtual card is never reported lost', () => {
    assert.deepEqual(cardActions({ status: 'live', card_level: 'virtual' }), ['rename', 'restrictions', 'lock']);
  });
  test('a pin_blocked card can be locked (still usable online); a card whose issuing is on hold is not reported lost', () => {
    assert.deepEqual(cardActions({ status: 'pin_blocked', card_level: 'standard' }), ['rename', 'restrictions', 'lock', 'reportLost']);
    assert.deepEqual(cardActions({ status: 'onhold', card_level: 'standard' }), ['rename', 'restrictions']);
  });
  test('a lost card can only be renamed', () => {
    assert.deepEqual(cardActions({ status: 'lost', card_level: 'plus' }), ['rename']);
  });
});

describe('restrictions helpers', () => {
  test('weekdays in words', () => {
    assert.equal(say(en, activeDaysWords([], 'en')), 'Days: not set');
    assert.equal(say(en, activeDaysWords([1, 2, 3, 4, 5, 6, 7], 'en')), 'Days: every day');
    assert.equal(say(en, activeDaysWords([5, 1], 'en')), 'Days: Mon, Fri');
    assert.equal(say(translator('fr'), activeDaysWords([5, 1], 'fr')), 'Jours\u00a0: lun. et ven.');
  });
  test('toggle adds and removes', () => {
    assert.deepEqual(toggle([1, 2], 3), [1, 2, 3]);
    assert.deepEqual(toggle([1, 2], 1), [2]);
  });
});

describe('cardQuery', () => {
  test('defaults: live cards first, only sort and paging sent', () => {
    assert.deepEqual(cardQuery(defaultCardFilters()), { sort_by: 'live_first', page: 1, per_page: 20 });
  });
  test('filters become the API arrays, several values each; blank text is dropped', () => {
    const q = cardQuery({
      ...defaultCardFilters(), text: ' 4242 ', statuses: ['paused', 'live'], levels: ['virtual', 'flash'], holderIds: ['h1', 'h2'],
      accountIds: ['a1'], cardIds: ['c1', 'c2'], order: 'nickname:desc', page: 3,
    });
    assert.deepEqual(q, {
      sort_by: 'nickname:desc', page: 3, per_page: 20, query: '4242', statuses: ['paused', 'live'], card_levels: ['virtual', 'flash'],
      holder_ids: ['h1', 'h2'], bank_account_ids: ['a1'], ids: ['c1', 'c2'],
    });
    assert.equal(cardQuery({ ...defaultCardFilters(), text: '   ' }).query, undefined);
  });
});

describe('form checks', () => {
  test('nickname is 1 to 40 characters after trimming', () => {
    assert.equal(nicknameProblem('Till 1'), null);
    assert.equal(say(en, nicknameProblem('   ')!), 'Type a name for the card.');
    assert.equal(nicknameProblem('x'.repeat(40)), null);
    assert.match(say(en, nicknameProblem('x'.repeat(41))!), /at most 40/);
  });
  test('restrictions need at least one day', () => {
    assert.equal(say(en, restrictionsProblem([])!), 'Tick at least one day.');
    assert.equal(restrictionsProblem([1]), null);
  });
});
