/**
 * The real client against the sandbox with its rough-edges flag on: every
 * shape the real bank sends besides its tidy one still gives the app the same
 * lists and readable, correctly classified errors.
 */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RoughEdgeKind } from '../sandbox/index.js';
import { contractEnv, type ContractEnv } from './testing/contract-support.js';
import { bankFailure } from './testing/test-rejection.js';

let env: ContractEnv;
before(async () => {
  env = await contractEnv();
});
after(() => env.close());
beforeEach(() => env.sb.reset());

const owner = { organization: 'fr', role: 'owner' } as const;
const rough = (rate: number, kinds?: RoughEdgeKind[]) => env.helper('PUT', '/rough_edges', { rate, ...(kinds ? { kinds } : {}) });

describe('the client meets the rough edges', () => {
  test('next_page missing or 0 on last and empty pages: every list still comes back whole', async () => {
    const api = env.api(owner);
    const tidy = { terminals: await api.terminals.listAll({ perPage: 2 }), cards: (await api.cards.list({ page: 2, per_page: 100 })).items.map((c) => c.id) };
    await rough(1, ['next_page']);
    assert.deepEqual(await api.terminals.listAll({ perPage: 2 }), tidy.terminals);
    const last = await api.cards.list({ page: 2, per_page: 100 });
    assert.deepEqual([last.items.map((c) => c.id), last.meta.next_page], [tidy.cards, null]);
    for (let i = 0; i < 4; i++) {
      const empty = await api.cards.list({ page: 9 });
      assert.deepEqual([empty.items, empty.meta.next_page], [[], null]);
    }
  });

  test('non-uniform error bodies: the status, a readable detail and, where the shape keeps it, the pointer', async () => {
    const api = env.api(owner);
    const card = (await api.cards.list({ statuses: ['live'], per_page: 1 })).items[0]!;
    const noScope = env.api({ ...owner, scopes: ['organization.read'] });
    await rough(1, ['error_body']);
    const pointers = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const forbidden = await bankFailure(noScope.cards.list(), 403);
      assert.ok(forbidden.errors.length === 1 && forbidden.errors[0]!.detail.length > 0, forbidden.message);
      assert.equal(forbidden.retryable, false);
      const invalid = await bankFailure(api.cards.setRestrictions(card.id, { active_days: [8], categories: [] }), 422);
      assert.equal(invalid.errors.length, 1, JSON.stringify(invalid.errors));
      assert.doesNotMatch(invalid.message, /\[object|undefined/);
      pointers.add(invalid.errors[0]!.source?.pointer ?? 'none');
    }
    assert.ok(pointers.has('/card/active_days'), 'the errors-object and items-message shapes keep the pointer');
  });

  test('a plain-text gateway 404, an empty 500, and the HTML login page', async () => {
    await rough(1, ['plain_404']);
    const missing = await bankFailure(env.http(owner).request('GET', '/v2/no-such-route'), 404);
    assert.deepEqual(missing.errors, [{ code: 'not_found', detail: 'Not Found' }]);

    const faulty = await contractEnv({ faults: { rate: 1, kinds: ['500'] }, roughEdges: { rate: 1, kinds: ['empty_error'] } });
    try {
      const crash = await bankFailure(faulty.api(owner).organization.get(), 500);
      assert.deepEqual([crash.errors, crash.retryable], [[], true]);
    } finally {
      await faulty.close();
    }

    await rough(1, ['html']);
    const page = await bankFailure(env.api(owner).organization.get());
    assert.equal(page.kind, 'unexpected_response');
    assert.match(page.message, /HTML page instead of JSON/);
  });
});
