import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { say, translator } from '../../../shared/i18n/translate.js';
import { lastUsedWords } from './last-used.js';

const now = new Date(2026, 10, 23, 15, 0).getTime();
const at = (day: number, h: number, m: number) => new Date(2026, 10, day, h, m).toISOString();

describe('lastUsedWords', () => {
  test('today by its time, yesterday as a word, earlier by its date, in the screen language', () => {
    const en = translator('en');
    assert.match(say(en, lastUsedWords(at(23, 10, 42), now)), /^10:42/);
    assert.equal(say(en, lastUsedWords(at(22, 23, 59), now)), 'yesterday');
    assert.equal(say(en, lastUsedWords(at(22, 0, 0), now)), 'yesterday');
    assert.match(say(en, lastUsedWords(at(21, 23, 59), now)), /^Nov 21, 2026/);
    assert.equal(say(translator('fr'), lastUsedWords(at(23, 10, 42), now)), '10:42');
    assert.equal(say(translator('de'), lastUsedWords(at(22, 9, 0), now)), 'gestern');
    const option = say(translator('it'), { id: 'office.terminal.option', values: { terminal: 'Banco', when: lastUsedWords(at(22, 9, 0), now) } });
    assert.equal(option, 'Banco · ultimo uso ieri');
  });

  test('never used, or a time that does not parse, says not used yet', () => {
    const en = translator('en');
    assert.equal(say(en, lastUsedWords(null, now)), 'Not used yet');
    assert.equal(say(en, lastUsedWords('garbage', now)), 'Not used yet');
  });
});
