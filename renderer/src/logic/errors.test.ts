import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IpcError } from '../../../shared/ipc/types.js';
import { translator } from '../../../shared/i18n/translate.js';
import type { DisplayLanguage } from '../../../shared/i18n/languages.js';
import { errorParams, errorWords, extraIssues } from './errors.js';

describe('extraIssues', () => {
  const detail = 'only owner and admin memberships may unlock a card; this token acts as employee';
  const forbidden: IpcError = { code: 'forbidden', status: 403, message: detail, issues: [{ pointer: '/', code: 'forbidden', detail }] };

  test("a 403's single detail is the message already: it is not listed again", () => {
    assert.deepEqual(extraIssues(forbidden, forbidden.issues!), []);
  });
  test('nor when the message is the issue after its pointer', () => {
    const issue = { pointer: '/name', code: 'invalid', detail: 'name is limited to 200 characters (got 201)' };
    assert.deepEqual(extraIssues({ code: 'invalid_request', message: '/name: name is limited to 200 characters (got 201)' }, [issue]), []);
  });
  test('issues that say something else stay', () => {
    const field = { pointer: '/card/nickname', code: 'invalid', detail: 'nickname must be text of 1 to 40 characters' };
    const other = { pointer: '/', code: 'invalid', detail: 'a second problem' };
    assert.deepEqual(extraIssues(forbidden, [forbidden.issues![0]!, field, other]), [field, other]);
  });
});

describe('errorParams', () => {
  const busy: IpcError = {
    code: 'conflict', reason: 'payment.terminal_busy', message: 'busy',
    params: { terminal: 'S1F2-FR-0001', register: 'Caisse 2', amountMinor: 3300, currency: 'EUR', seconds: 45 },
  };
  const plain = (s: string | number | undefined) => String(s).replace(/\u202f|\u00a0/g, ' ');

  test("the store's busy amount is formatted in the screen's language, not the organization's", () => {
    assert.equal(plain(errorParams(busy, 'en')?.amount), '€33.00');
    assert.equal(plain(errorParams(busy, 'fr-FR')?.amount), '33,00 €');
    assert.equal(errorParams(busy, 'de-DE')?.register, 'Caisse 2');
  });
  test('a terminal the main process could not name is named by the screen, in its language', () => {
    const unnamed: IpcError = { code: 'conflict', reason: 'payment.store_unavailable', message: 'x', params: { terminalId: 't-9' } };
    const fr = translator('fr');
    assert.equal(errorParams(unnamed, 'fr', fr, (id) => (id === 't-9' ? 'Comptoir · S1F2-FR-0009' : undefined))?.terminal, 'Comptoir · S1F2-FR-0009');
    assert.equal(errorParams(unnamed, 'fr', fr, () => undefined)?.terminal, 'Le terminal');
    assert.equal(errorParams({ ...unnamed, params: { terminalId: 't-9', terminal: 'Caisse' } }, 'fr', fr)?.terminal, 'Caisse', 'a name from the main process stays');
  });
  test('params without an amount pass unchanged', () => {
    const p = { terminal: 'S1F2-FR-0001' };
    assert.equal(errorParams({ params: p }, 'en'), p);
    assert.equal(errorParams({}, 'en'), undefined);
  });
});

describe('a back-office action refused before the bank', () => {
  const refused = (why: string): IpcError => ({
    code: 'forbidden', reason: 'access.not_allowed', message: 'refused', params: { action: 'unlockCard', why },
  });
  const worded = (language: DisplayLanguage, error: IpcError) => {
    const t = translator(language);
    const words = errorWords(error);
    const params = errorParams(error, language, t);
    return { title: t(words.title, params), next: t(words.next, params) };
  };

  test('names the action by its button label and says what to do next, by why, in each language', () => {
    assert.deepEqual(worded('en', refused('employee')), {
      title: 'Not allowed: Unlock',
      next: 'Only an owner or admin of the company may do this at the bank. Ask one of them to do it.',
    });
    assert.match(worded('en', refused('scope_missing')).next, /sign in again under Settings and allow it/);
    assert.match(worded('en', refused('signed_out')).next, /not connected to the bank/);
    for (const language of ['fr', 'it', 'de', 'es'] as const) {
      const nexts = (['employee', 'scope_missing', 'signed_out'] as const).map((why) => worded(language, refused(why)));
      for (const w of nexts) assert.ok(w.title.includes(translator(language)('office.action.unlockCard')), `${language}: ${w.title}`);
      assert.equal(new Set(nexts.map((w) => w.next)).size, 3, `${language}: three different next steps`);
    }
    assert.equal(worded('fr', refused('employee')).title, 'Non autorisé\u00a0: Débloquer');
  });

  test('an unknown why or action keeps the general words; the action stays as sent', () => {
    assert.deepEqual(errorWords(refused('later')), errorWords({ code: 'forbidden' }));
    const other: IpcError = { ...refused('employee'), params: { action: 'format', why: 'employee' } };
    assert.equal(errorParams(other, 'en', translator('en'))?.action, 'format');
  });
});
