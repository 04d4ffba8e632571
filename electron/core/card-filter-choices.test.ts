import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Card } from '../../shared/domain/bank.js';
import { SANDBOX_MEMBERSHIPS } from '../sandbox/seed-ids.js';
import { contractEnv, type ContractEnv } from '../api/testing/contract-support.js';
import { cardFilterChoices, choicesFromCards } from './card-filter-choices.js';
import { translator } from '../../shared/i18n/translate.js';

const card = (id: string, holder: string, account: string, nickname: string, embossed = ''): Card =>
  ({ id, holder_id: holder, bank_account_id: account, nickname, embossed_name: embossed, last_digits: '1234' }) as Card;

describe('choicesFromCards', () => {
  test('one entry per holder and account, named, sorted by name; unnamed ones left blank for the screen to word', () => {
    const c = choicesFromCards([card('c1', 'h1', 'a1', 'Zinc', 'ZOE'), card('c2', 'h2', 'a2', 'Atelier', ''), card('c3', 'h1', 'a1', 'Bar', 'ZOE')],
      new Map([['a1', 'Compte principal']]), false);
    assert.deepEqual(c.holders, [{ id: 'h2', name: '' }, { id: 'h1', name: 'ZOE' }]);
    assert.deepEqual(c.bankAccounts, [{ id: 'a2', name: '' }, { id: 'a1', name: 'Compte principal' }]);
    assert.deepEqual(c.cards.map((x) => x.name), ['Atelier', 'Bar', 'Zinc']);
    assert.equal(c.cardsRead, 3);
  });
});

describe('cardFilterChoices against the sandbox', () => {
  let env: ContractEnv;
  before(async () => {
    env = await contractEnv();
  });
  after(() => env.close());

  test('the owner is offered every holder and every account the cards use, with account names', async () => {
    const c = await cardFilterChoices(env.api({ organization: 'fr', role: 'owner' }), true);
    const holders = new Set(c.holders.map((h) => h.id));
    for (const id of Object.values(SANDBOX_MEMBERSHIPS.fr)) assert.ok(holders.has(id));
    assert.equal(c.cards.length, 130);
    assert.ok(c.bankAccounts.some((a) => a.name === 'Compte principal'));
    assert.equal(c.truncated, false);
  });

  test('an employee is offered only themself', async () => {
    const c = await cardFilterChoices(env.api({ organization: 'fr', role: 'employee' }), true);
    assert.deepEqual(c.holders.map((h) => h.id), [SANDBOX_MEMBERSHIPS.fr.employee]);
  });

  test('the lists stop at the first 500 cards and say so, pointing at the search box', async () => {
    const api = env.api({ organization: 'fr', role: 'owner' });
    // Every page claims a next one: a shop with endless cards.
    const endless = { ...api, cards: { ...api.cards, list: async (q: Parameters<typeof api.cards.list>[0]) => {
      const page = await api.cards.list({ ...q, page: 1 });
      return { ...page, items: page.items.map((c) => ({ ...c, id: `${c.id}-${q?.page ?? 1}` })), meta: { ...page.meta, next_page: (q?.page ?? 1) + 1 } };
    } } };
    const c = await cardFilterChoices(endless, true);
    assert.equal(c.truncated, true);
    assert.equal(c.cardsRead, 500);
    assert.equal(c.cards.length, 500);
    assert.match(translator('en')('office.pick.capped', { count: c.cardsRead }), /^Built from the first 500 cards only: .*Search cards/);
    assert.match(translator('fr')('office.pick.capped', { count: c.cardsRead }), /500 premières cartes/);
  });
});
