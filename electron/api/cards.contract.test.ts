import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_MEMBERSHIPS } from '../sandbox/index.js';
import type { Card } from '../../shared/domain/bank.js';
import { contractEnv, type ContractEnv } from './testing/contract-support.js';
import { bankFailure } from './testing/test-rejection.js';
import type { BankApi } from './types.js';

let env: ContractEnv;
let owner: BankApi;
let admin: BankApi;
let employee: BankApi;

before(async () => {
  env = await contractEnv();
});
after(() => env.close());
beforeEach(() => {
  env.sb.reset();
  owner = env.api({ organization: 'fr', role: 'owner' });
  admin = env.api({ organization: 'fr', role: 'admin' });
  employee = env.api({ organization: 'fr', role: 'employee' });
});

async function liveCard(pred: (c: Card) => boolean = () => true): Promise<Card> {
  const { items } = await owner.cards.list({ statuses: ['live'], per_page: 100 });
  const card = items.find(pred);
  assert.ok(card, 'the seed has a matching live card');
  return card;
}

const isPhysical = (c: Card) => ['standard', 'plus', 'metal'].includes(c.card_level);

describe('cards.list', () => {
  test('pages of at most per_page with the meta to follow', async () => {
    const first = await owner.cards.list({ per_page: 100 });
    assert.equal(first.items.length, 100);
    assert.equal(first.meta.current_page, 1);
    assert.equal(first.meta.next_page, 2);
    assert.ok(first.meta.total_count > 100);
    const second = await owner.cards.list({ page: 2, per_page: 100 });
    assert.equal(second.meta.next_page, null);
    assert.equal(second.items.length, first.meta.total_count - 100);
  });

  test('statuses[] and card_levels[] filters, several values each', async () => {
    const { items } = await owner.cards.list({ statuses: ['live', 'paused'], card_levels: ['virtual', 'flash'], per_page: 100 });
    assert.ok(items.length > 0);
    assert.ok(items.every((c) => ['live', 'paused'].includes(c.status) && ['virtual', 'flash'].includes(c.card_level)));
    assert.ok(new Set(items.map((c) => c.status)).size === 2, 'both statuses came back');
  });

  test('ids[], holder_ids[], query text and sort_by', async () => {
    const some = (await owner.cards.list({ per_page: 3 })).items;
    const byIds = await owner.cards.list({ ids: some.map((c) => c.id) });
    assert.deepEqual(byIds.items.map((c) => c.id).sort(), some.map((c) => c.id).sort());
    const holder = SANDBOX_MEMBERSHIPS.fr.admin;
    const held = (await owner.cards.list({ holder_ids: [holder], per_page: 100 })).items;
    assert.ok(held.length > 0 && held.every((c) => c.holder_id === holder));
    const two = await owner.cards.list({ holder_ids: [holder, SANDBOX_MEMBERSHIPS.fr.employee], per_page: 100 });
    assert.ok(two.items.length > held.length && two.items.every((c) => [holder, SANDBOX_MEMBERSHIPS.fr.employee].includes(c.holder_id)));
    const target = some[0]!;
    assert.ok((await owner.cards.list({ query: target.nickname })).items.some((c) => c.id === target.id));
    const sorted = (await owner.cards.list({ sort_by: 'nickname:desc', per_page: 20 })).items.map((c) => c.nickname);
    assert.deepEqual(sorted, [...sorted].sort((a, b) => b.localeCompare(a)));
  });

  test('an employee sees only the cards they hold', async () => {
    const { items, meta } = await employee.cards.list({ per_page: 100 });
    assert.ok(items.length > 0);
    assert.ok(items.every((c) => c.holder_id === SANDBOX_MEMBERSHIPS.fr.employee));
    assert.ok(meta.total_count < (await owner.cards.list()).meta.total_count);
  });

  test('403 without card.read', async () => {
    const api = env.api({ organization: 'fr', role: 'owner', scopes: ['card.write'] });
    const e = await bankFailure(api.cards.list(), 403);
    assert.match(e.errors[0]?.detail ?? '', /card\.read/);
  });
});

describe('card writes', () => {
  test('rename: admins and owners yes, employees 403, too long 422', async () => {
    const card = await liveCard();
    assert.equal((await admin.cards.rename(card.id, 'Caisse 2')).nickname, 'Caisse 2');
    assert.equal((await owner.cards.rename(card.id, 'Caisse 3')).nickname, 'Caisse 3');
    const mine = (await employee.cards.list()).items[0]!;
    await bankFailure(employee.cards.rename(mine.id, 'Mine'), 403);
    const tooLong = await bankFailure(owner.cards.rename(card.id, 'x'.repeat(41)), 422);
    assert.equal(tooLong.errors[0]?.source?.pointer, '/card/nickname');
  });

  test('setRestrictions sends {card:{active_days,categories}}; bad values 422; employees 403', async () => {
    const card = await liveCard();
    const updated = await admin.cards.setRestrictions(card.id, { active_days: [1, 2, 3, 4, 5], categories: ['restaurant_and_bar'] });
    assert.deepEqual([updated.active_days, updated.categories], [[1, 2, 3, 4, 5], ['restaurant_and_bar']]);
    const bad = await bankFailure(owner.cards.setRestrictions(card.id, { active_days: [0, 8], categories: [] }), 422);
    assert.equal(bad.errors[0]?.source?.pointer, '/card/active_days');
    await bankFailure(employee.cards.setRestrictions(card.id, { active_days: [1], categories: [] }), 403);
  });

  test('lock → paused, unlock → live (admins only), lock twice 422', async () => {
    const card = await liveCard();
    assert.equal((await owner.cards.lock(card.id)).status, 'paused');
    await bankFailure(owner.cards.lock(card.id), 422);
    await bankFailure(employee.cards.unlock(card.id), 403);
    assert.equal((await admin.cards.unlock(card.id)).status, 'live');
  });

  test('reportLost: physical card → lost; a virtual card 422; unknown card 404', async () => {
    const physical = await liveCard(isPhysical);
    assert.equal((await owner.cards.reportLost(physical.id)).status, 'lost');
    const virtual = await liveCard((c) => c.card_level === 'virtual');
    await bankFailure(owner.cards.reportLost(virtual.id), 422);
    await bankFailure(owner.cards.lock('00000000-0000-4000-8000-000000000000'), 404);
  });

  test('an employee cannot touch a card they cannot view (404), and writes need card.write (403)', async () => {
    const others = (await owner.cards.list({ holder_ids: [SANDBOX_MEMBERSHIPS.fr.admin], statuses: ['live'] })).items[0]!;
    await bankFailure(employee.cards.lock(others.id), 404);
    const readOnly = env.api({ organization: 'fr', role: 'owner', scopes: ['card.read'] });
    const e = await bankFailure(readOnly.cards.lock(others.id), 403);
    assert.match(e.errors[0]?.detail ?? '', /card\.write/);
  });
});
