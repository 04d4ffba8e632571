import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CARD_LEVELS, CARD_STATUSES, type Card, type PageMeta } from '../../shared/domain/bank.js';
import { LOCKABLE_STATUSES, LOSABLE_STATUSES, UNLOCKABLE_STATUSES } from '../../shared/domain/card-transitions.js';
import { SANDBOX_MEMBERSHIPS } from './index.js';
import { call, sharedSandbox, tokenFor, type ErrorBody } from './testing/test-support.js';

const fixture = sharedSandbox();
let owner: string;
beforeEach(() => {
  owner = tokenFor(fixture.sb, 'fr', 'owner');
});

type CardPage = { cards: Card[]; meta: PageMeta };
const list = (query = '') => call<CardPage & ErrorBody>(fixture.sb, `/v2/cards${query}`, { token: owner });
const first = async (query: string) => (await list(query)).body.cards[0]!;
const write = (method: string, path: string, body?: unknown) => call<{ card: Card } & ErrorBody>(fixture.sb, path, { method, token: owner, body });

describe('GET /v2/cards', () => {
  test('paginates at 100 by default with complete meta', async () => {
    const p1 = (await list()).body;
    assert.equal(p1.cards.length, 100);
    assert.deepEqual(p1.meta, { current_page: 1, next_page: 2, prev_page: null, total_pages: 2, total_count: 130, per_page: 100 });
    const p2 = (await list('?page=2')).body;
    assert.equal(p2.cards.length, 30);
    assert.deepEqual(p2.meta, { current_page: 2, next_page: null, prev_page: 1, total_pages: 2, total_count: 130, per_page: 100 });
    const ids = new Set([...p1.cards, ...p2.cards].map((c) => c.id));
    assert.equal(ids.size, 130);
    const p9 = (await list('?page=9&per_page=20')).body;
    assert.deepEqual([p9.cards.length, p9.meta.next_page, p9.meta.total_pages], [0, null, 7]);
  });

  test('per_page above 100 or a bad page is a 400 naming the parameter', async () => {
    for (const [q, param] of [['?per_page=101', 'per_page'], ['?per_page=0', 'per_page'], ['?page=abc', 'page']]) {
      const res = await list(q);
      assert.equal(res.status, 400, q);
      assert.equal(res.body.errors[0]?.source?.parameter, param);
    }
  });

  test('card fields as the real API sends them', async () => {
    const cards = [...(await list('?per_page=100')).body.cards, ...(await list('?page=2&per_page=100')).body.cards];
    for (const c of cards) {
      assert.ok([null, 'print', 'embossed'].includes(c['type_of_print'] as string | null), `type_of_print ${String(c['type_of_print'])}`);
      assert.match(c.exp_month, /^([1-9]|1[0-2])$/);
      for (const k of ['shipped_lost_at', 'eligible_for_renewal', 'eligible_for_upsell']) assert.ok(k in c, k);
      assert.equal(c['payment_lifespan_limit'] === null, c.card_level !== 'flash');
    }
    assert.ok(cards.some((c) => c.exp_month === '8'));
    assert.ok(cards.some((c) => c['type_of_print'] === 'print') && cards.some((c) => c['type_of_print'] === null));
    assert.ok(cards.some((c) => !('gradient_hex_color' in (c['appearance'] as object))));
    assert.ok(cards.filter((c) => c.status === 'shipped_lost').every((c) => typeof c['shipped_lost_at'] === 'string'));
  });

  test('seed covers every level and status', async () => {
    const all = (await list()).body.cards.concat((await list('?page=2')).body.cards);
    assert.deepEqual(new Set(all.map((c) => c.card_level)), new Set(CARD_LEVELS));
    assert.deepEqual(new Set(all.map((c) => c.status)), new Set(CARD_STATUSES));
  });

  test('array filters combine with AND; values are checked', async () => {
    const res = (await list('?statuses[]=live&statuses[]=paused&card_levels[]=virtual&per_page=100')).body.cards;
    assert.ok(res.length > 0);
    assert.ok(res.every((c) => ['live', 'paused'].includes(c.status) && c.card_level === 'virtual'));
    const bad = await list('?statuses[]=frozen');
    assert.equal(bad.status, 400);
    assert.deepEqual([bad.body.errors[0]?.code, bad.body.errors[0]?.source?.parameter], ['not_in_list', 'statuses[]']);
    assert.equal((await list('?card_levels[]=gold')).status, 400);
  });

  test('holder_ids[] filters; a bare holder_id is ignored like on the real API', async () => {
    const { employee, admin } = SANDBOX_MEMBERSHIPS.fr;
    const single = (await list(`?holder_ids[]=${employee}`)).body;
    assert.ok(single.cards.length > 0 && single.cards.every((c) => c.holder_id === employee));
    const both = (await list(`?holder_ids[]=${employee}&holder_ids[]=${admin}`)).body;
    assert.equal(both.meta.total_count, single.meta.total_count + (await list(`?holder_ids[]=${admin}`)).body.meta.total_count);
    const all = (await list('')).body.meta.total_count;
    assert.equal((await list(`?holder_id=${employee}`)).body.meta.total_count, all);
  });

  test('ids[] and bank_account_ids[]', async () => {
    const [a, b] = (await list('?per_page=2')).body.cards;
    assert.deepEqual((await list(`?ids[]=${a!.id}&ids[]=${b!.id}`)).body.cards.map((c) => c.id).sort(), [a!.id, b!.id].sort());
    const byAccount = (await list(`?bank_account_ids[]=${a!.bank_account_id}`)).body;
    assert.ok(byAccount.meta.total_count > 0 && byAccount.meta.total_count < 130);
    assert.ok(byAccount.cards.every((c) => c.bank_account_id === a!.bank_account_id));
  });

  test('query searches holder names without accents or case, and last digits', async () => {
    const hugo = (await list('?query=lefevre')).body;
    assert.ok(hugo.cards.length > 0);
    assert.ok(hugo.cards.every((c) => c.embossed_name === 'HUGO LEFÈVRE'));
    const card = await first('?per_page=1');
    assert.ok((await list(`?query=${card.last_digits}`)).body.cards.some((c) => c.id === card.id));
  });

  test('sort_by nickname:desc and created_at:asc; unknown sort is a 400', async () => {
    const nick = (await list('?sort_by=nickname:desc&per_page=100')).body.cards.map((c) => c.nickname.toLowerCase());
    assert.deepEqual(nick, [...nick].sort((x, y) => y.localeCompare(x, "en", { sensitivity: "base" })));
    const created = (await list('?sort_by=created_at:asc')).body.cards.map((c) => c.created_at);
    assert.deepEqual(created, [...created].sort());
    assert.equal((await list('?sort_by=holder:asc')).status, 400);
  });
});

describe('card writes', () => {
  test('nickname: 1 to 40 characters', async () => {
    const card = await first('');
    const ok = await write('PATCH', `/v2/cards/${card.id}/nickname`, { card: { nickname: 'x'.repeat(40) } });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.card.nickname, 'x'.repeat(40));
    assert.equal(ok.body.card.updated_at, new Date(fixture.sb.clock.now()).toISOString());
    for (const body of [{ card: { nickname: 'x'.repeat(41) } }, { card: { nickname: '' } }, { card: {} }]) {
      const res = await write('PATCH', `/v2/cards/${card.id}/nickname`, body);
      assert.equal(res.status, 422);
      assert.equal(res.body.errors[0]?.source?.pointer, '/card/nickname');
    }
    assert.equal((await write('PATCH', `/v2/cards/${card.id}/nickname`, { nickname: 'flat' })).body.errors[0]?.source?.pointer, '/card');
  });

  test('restrictions: ISO weekdays and known categories', async () => {
    const card = await first('');
    const ok = await write('PATCH', `/v2/cards/${card.id}/restrictions`, { card: { active_days: [5, 1], categories: ['transport'] } });
    assert.equal(ok.status, 200);
    assert.deepEqual([ok.body.card.active_days, ok.body.card.categories], [[1, 5], ['transport']]);
    const bad = await write('PATCH', `/v2/cards/${card.id}/restrictions`, { card: { active_days: [0, 8], categories: ['casino'] } });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.errors.map((e) => e.source?.pointer), ['/card/active_days', '/card/categories/0']);
  });

  test('lock: live → paused only; unlock: paused → live', async () => {
    const card = await first('?statuses[]=live');
    const locked = await write('PUT', `/v2/cards/${card.id}/lock`);
    assert.equal(locked.body.card.status, 'paused');
    const again = await write('PUT', `/v2/cards/${card.id}/lock`);
    assert.deepEqual([again.status, again.body.errors[0]?.code], [422, 'invalid_state']);
    assert.equal((await write('PUT', `/v2/cards/${card.id}/unlock`)).body.card.status, 'live');
    assert.equal((await write('PUT', `/v2/cards/${card.id}/unlock`)).status, 422);
  });

  test('pin_blocked: lock suspends it (paused), unlock gives the PIN block back', async () => {
    const card = await first('?statuses[]=pin_blocked');
    assert.equal((await write('PUT', `/v2/cards/${card.id}/lock`)).body.card.status, 'paused');
    assert.equal((await write('PUT', `/v2/cards/${card.id}/unlock`)).body.card.status, 'pin_blocked');
  });

  test('every status: lock, unlock and lost are accepted exactly where the shared table (what the back office offers) says', async () => {
    const calls = [['lock', LOCKABLE_STATUSES], ['unlock', UNLOCKABLE_STATUSES], ['lost', LOSABLE_STATUSES]] as const;
    for (const status of CARD_STATUSES) {
      for (const [action, allowed] of calls) {
        fixture.sb.reset();
        owner = tokenFor(fixture.sb, 'fr', 'owner');
        const card = await first(`?statuses[]=${status}&card_levels[]=standard&card_levels[]=plus&card_levels[]=metal&per_page=1`);
        const res = await write('PUT', `/v2/cards/${card.id}/${action}`);
        assert.equal(res.status, allowed.includes(status) ? 200 : 422, `${action} on ${status}: ${res.text}`);
      }
    }
  });

  test('lost: physical cards only, permanent', async () => {
    const physical = await first('?statuses[]=live&card_levels[]=metal');
    const lost = await write('PUT', `/v2/cards/${physical.id}/lost`);
    assert.equal(lost.body.card.status, 'lost');
    assert.equal((await write('PUT', `/v2/cards/${physical.id}/lock`)).status, 422);
    const virtual = await first('?statuses[]=live&card_levels[]=virtual');
    const res = await write('PUT', `/v2/cards/${virtual.id}/lost`);
    assert.deepEqual([res.status, res.body.errors[0]?.code], [422, 'not_physical']);
  });

  test('unknown card: 404', async () => {
    assert.equal((await write('PUT', '/v2/cards/00000000-0000-4000-8000-000000000000/lock')).status, 404);
  });
});
