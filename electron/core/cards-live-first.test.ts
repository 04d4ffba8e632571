import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Card, CardListQuery } from '../../shared/domain/bank.js';
import { contractEnv, type ContractEnv } from '../api/testing/contract-support.js';
import type { BankApi } from '../api/types.js';
import { combinedMeta, listLiveFirst, liveFirstGroups, secondGroupSlices } from './cards-live-first.js';

describe('live-first plan (pure)', () => {
  test('groups: live, then every other status; narrowed by the picked statuses', () => {
    assert.equal(liveFirstGroups(undefined).length, 2);
    assert.deepEqual(liveFirstGroups(['paused', 'live']), [['live'], ['paused']]);
    assert.deepEqual(liveFirstGroups(['lost']), [['lost']]);
    assert.deepEqual(liveFirstGroups(['live']), [['live']]);
  });
  test('the rest of a page comes from one or two bank pages of the second group', () => {
    // 25 live cards, page size 10: page 3 has 5 live then 5 others from offset 0.
    assert.deepEqual(secondGroupSlices(3, 10, 25, 5), [{ page: 1, skip: 0, take: 5 }]);
    // Page 4 starts at offset 5 of the second group: the end of bank page 1, then the start of bank page 2.
    assert.deepEqual(secondGroupSlices(4, 10, 25, 0), [{ page: 1, skip: 5, take: 5 }, { page: 2, skip: 0, take: 5 }]);
    assert.deepEqual(secondGroupSlices(2, 10, 0, 0), [{ page: 2, skip: 0, take: 10 }]);
    assert.deepEqual(secondGroupSlices(1, 10, 30, 10), []);
  });
  test('combined meta', () => {
    assert.deepEqual(combinedMeta(2, 10, 25), { current_page: 2, per_page: 10, total_count: 25, total_pages: 3, next_page: 3, prev_page: 1 });
    assert.equal(combinedMeta(1, 10, 0).total_pages, 1);
  });
});

describe('live-first against the sandbox', () => {
  let env: ContractEnv;
  let owner: BankApi;
  before(async () => {
    env = await contractEnv();
    owner = env.api({ organization: 'fr', role: 'owner' });
  });
  after(() => env.close());

  /** Every card of a query, read page by page with the bank's own order. */
  async function all(q: CardListQuery): Promise<Card[]> {
    const out: Card[] = [];
    for (let page = 1; ; page++) {
      const res = await owner.cards.list({ ...q, page, per_page: 100 });
      out.push(...res.items);
      if (!res.meta.next_page) return out;
    }
  }

  test('every page equals the bank\'s live cards by name, then the others by status, laid end to end', async () => {
    const expected = [...await all({ statuses: ['live'], sort_by: 'nickname:asc' }), ...await all({ statuses: ['pending', 'paused', 'stolen', 'lost', 'pin_blocked', 'discarded', 'expired', 'shipped_lost', 'onhold', 'order_canceled', 'pre_expired', 'abusive'], sort_by: 'status:asc' })];
    const perPage = 7;
    const got: Card[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const pageRes = await listLiveFirst((q) => owner.cards.list(q), { page }, perPage);
      got.push(...pageRes.items);
      total = pageRes.meta.total_count;
      if (!pageRes.meta.next_page) break;
    }
    assert.equal(total, expected.length);
    assert.deepEqual(got.map((c) => c.id), expected.map((c) => c.id));
    assert.equal(got[0]!.status, 'live');
  });

  test('filters apply to both groups', async () => {
    const res = await listLiveFirst((q) => owner.cards.list(q), { statuses: ['live', 'lost'], card_levels: ['virtual'] }, 100);
    assert.ok(res.items.length > 0);
    assert.ok(res.items.every((c) => c.card_level === 'virtual' && ['live', 'lost'].includes(c.status)));
    const firstLost = res.items.findIndex((c) => c.status === 'lost');
    assert.ok(firstLost === -1 || res.items.slice(firstLost).every((c) => c.status === 'lost'), 'no live card after a lost one');
  });
});
