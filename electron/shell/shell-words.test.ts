import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DataDirLockedError } from '../fs/data-dir-lock.js';
import { fatalWords, shellLanguage, startFailureWords } from './shell-words.js';

test('the app dialogs follow COUNTERPAY_LOCALE, else the system language, else French', () => {
  assert.equal(shellLanguage({ COUNTERPAY_LOCALE: 'de' }, 'it-IT'), 'de');
  assert.equal(shellLanguage({}, 'it-IT'), 'it');
  assert.equal(shellLanguage({}, 'pt-BR'), 'fr');
  assert.equal(shellLanguage({}, null), 'fr');
});

test('a locked data folder is said in the register language, with the folder and the other process, and no English', () => {
  const e = new DataDirLockedError('/srv/till', { program: 'the Counterpay app', pid: 4242, since: '2026-11-23T08:00:00Z' });
  const es = startFailureWords('es', e);
  assert.equal(es.title, 'Counterpay no pudo arrancar');
  assert.match(es.message, /\/srv\/till.*4242/);
  assert.doesNotMatch(es.message, /already in use|process/);
  const en = startFailureWords('en', e);
  assert.match(en.message, /already in use by another program \(process 4242\)/);
});

test('the fatal dialog is worded in each language and never as code', () => {
  for (const language of ['fr', 'it', 'de', 'es'] as const) {
    const w = fatalWords(language);
    assert.notEqual(w.message, fatalWords('en').message);
    assert.doesNotMatch(w.message, /https?:|[A-Z_]{4,}|\d{3}/);
  }
  assert.match(startFailureWords('it', new Error('boom')).message, /Counterpay/);
});
