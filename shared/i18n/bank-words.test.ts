/** The bank's codes become words in each language; an unknown code becomes a readable form of itself. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardCategoryWords, cardLevelWords, cardStatusWords, clientKindWords, paymentMethodWords, readableCode, refusalWords } from './bank-words.js';
import { translator } from './translate.js';
import { forcedLanguageOf, LANGUAGES, languageOf, resolveLanguage } from './languages.js';
import { REFUSAL_REASONS } from '../domain/refusal-reasons.js';

const en = translator('en');
const fr = translator('fr');
const it = translator('it');

test('payment methods, card statuses, levels, categories and client kinds read as words', () => {
  assert.equal(paymentMethodWords('cartebancaire'), 'Carte Bancaire');
  assert.equal(paymentMethodWords('VISA'), 'Visa');
  assert.equal(cardStatusWords(en, 'onhold'), 'On hold');
  assert.equal(cardStatusWords(it, 'pin_blocked'), 'PIN bloccato');
  assert.equal(cardCategoryWords(en, 'atm'), 'Cash machines');
  assert.equal(cardCategoryWords(en, 'it_and_electronics'), 'IT and electronics');
  assert.equal(cardLevelWords(translator('de'), 'virtual'), 'Virtuell');
  assert.equal(clientKindWords(translator('es'), 'freelancer'), 'Autónomo');
});

test('a refusal says why and what to do next, even for a reason no table knows', () => {
  assert.equal(refusalWords(en, 'insufficient_funds'), 'Insufficient funds — ask for another card');
  assert.equal(refusalWords(fr, 'insufficient_funds'), 'Provision insuffisante — demandez une autre carte');
  assert.equal(refusalWords(en, 'velocity_exceeded'), 'Velocity exceeded — ask for another card or another way to pay');
  assert.equal(refusalWords(it, null), 'Rifiutato — chiedi un’altra carta o un altro metodo di pagamento');
});

test('every refusal reason the training bank produces has its own words in every language', () => {
  for (const language of LANGUAGES) {
    const t = translator(language);
    for (const reason of REFUSAL_REASONS) {
      const words = refusalWords(t, reason);
      assert.notEqual(words, t('bank.refusal.other', { reason: readableCode(reason) }), `${language} ${reason}`);
      assert.ok(!words.includes('_'), `${language} ${reason}`);
    }
  }
});

test('an unknown code falls back to a readable form of itself', () => {
  assert.equal(readableCode('new_card_state'), 'New card state');
  assert.equal(readableCode('GOLD-PLUS'), 'Gold plus');
  assert.equal(paymentMethodWords('unionpay'), 'Unionpay');
  assert.equal(cardStatusWords(en, 'constructor'), 'Constructor');
});

test('the language: forced, else the register, else the organization, else the last known, else French', () => {
  assert.equal(languageOf('it-IT'), 'it');
  assert.equal(languageOf('pt-PT'), null);
  assert.equal(forcedLanguageOf('en-xa'), 'en-XA');
  const base = { forced: null, register: null, organizationLocale: null, lastKnown: null };
  assert.equal(resolveLanguage(base), 'fr');
  assert.equal(resolveLanguage({ ...base, lastKnown: 'es' }), 'es');
  assert.equal(resolveLanguage({ ...base, organizationLocale: 'de_DE', lastKnown: 'es' }), 'de');
  assert.equal(resolveLanguage({ ...base, organizationLocale: 'de', register: 'en' }), 'en');
  assert.equal(resolveLanguage({ ...base, forced: 'it', register: 'en' }), 'it');
  assert.equal(resolveLanguage({ ...base, forced: 'klingon', register: 'en' }), 'en');
});
