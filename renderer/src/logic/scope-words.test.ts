import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translator } from '../../../shared/i18n/translate.js';
import { APP_SCOPES } from '../../../shared/domain/bank.js';
import { scopeWords } from './scope-words.js';

test('every permission Counterpay asks for reads as words in each language; an unknown code is kept, not hidden', () => {
  for (const language of ['en', 'fr', 'de', 'it', 'es'] as const) {
    const words = scopeWords(translator(language), APP_SCOPES);
    for (const code of APP_SCOPES) assert.ok(!words.includes(code), `${language}: "${code}" shown raw in "${words}"`);
  }
  const fr = translator('fr');
  assert.equal(scopeWords(fr, ['terminal.write', 'payouts.read']), `${fr('office.scope.terminalWrite')}, payouts.read`);
});
