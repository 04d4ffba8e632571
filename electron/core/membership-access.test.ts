import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { APP_SCOPES } from '../../shared/domain/bank.js';
import { availability } from '../../shared/domain/access.js';
import { contractEnv, type ContractEnv } from '../api/testing/contract-support.js';
import { MembershipAccess, roleFromCards } from './membership-access.js';

const ALL = [...APP_SCOPES];

describe('roleFromCards', () => {
  test('cards of two holders prove an owner or admin; one holder proves nothing', () => {
    assert.equal(roleFromCards([{ holder_id: 'a' }, { holder_id: 'b' }])?.role, 'admin');
    assert.equal(roleFromCards([{ holder_id: 'a' }, { holder_id: 'a' }]), null);
    assert.equal(roleFromCards([]), null);
  });
});

describe('MembershipAccess against the sandbox', () => {
  let env: ContractEnv;
  before(async () => {
    env = await contractEnv();
  });
  after(() => env.close());
  beforeEach(() => env.sb.reset());

  test('the owner is recognised from the card list, without any write', async () => {
    const access = new MembershipAccess(env.api({ organization: 'fr', role: 'owner' }), () => ({ connected: true, grantedScopes: ALL }));
    const view = await access.check();
    assert.equal(view.role, 'admin');
    assert.ok(availability('renameCard', view).ok);
  });

  test('an employee who sees only their own cards: the role stays unknown, owner-only actions are not offered, and nothing is written', async () => {
    const employee = env.api({ organization: 'fr', role: 'employee' });
    const before = (await employee.cards.list({ per_page: 100 })).items;
    env.sb.requests().length = 0;
    const access = new MembershipAccess(employee, () => ({ connected: true, grantedScopes: ALL }));
    const view = await access.check();
    assert.equal(view.role, 'unknown');
    const rename = availability('renameCard', view);
    assert.ok(!rename.ok && rename.why === 'unconfirmed', 'not offered, so never refused after the click');
    assert.deepEqual(env.sb.requests().map((r) => r.method), ['GET'], 'one read of the card list, no write');
    assert.deepEqual((await employee.cards.list({ per_page: 100 })).items, before);
  });

  test('the bank refusing one owner-and-admin action makes all of them unavailable, with the reason; locking stays open', async () => {
    const access = new MembershipAccess(env.api({ organization: 'fr', role: 'employee' }), () => ({ connected: true, grantedScopes: ALL }));
    await access.check();
    access.refusedForRole('only owner and admin memberships may change a nickname');
    const view = await access.check();
    assert.equal(view.role, 'employee');
    for (const action of ['renameCard', 'restrictCard', 'unlockCard'] as const) {
      const can = availability(action, view);
      assert.ok(!can.ok && can.why === 'employee' && /owner or admin/.test(can.reason), action);
    }
    assert.ok(availability('lockCard', view).ok, 'locking stays open to an employee');
  });

  test('the answer is kept: a second check asks the bank nothing', async () => {
    let calls = 0;
    const api = env.api({ organization: 'fr', role: 'owner' }, { onDeprecation: () => undefined });
    const counting = { ...api, cards: { ...api.cards, list: (...a: Parameters<typeof api.cards.list>) => (calls++, api.cards.list(...a)) } };
    const access = new MembershipAccess(counting, () => ({ connected: true, grantedScopes: ALL }));
    await access.check();
    await access.check();
    assert.equal(calls, 1);
    access.reset();
    assert.equal(access.view().role, 'unknown');
  });

  test('without card.write the role stays unknown and owner-only actions are unavailable, with the reason', async () => {
    const scopes = ALL.filter((s) => s !== 'card.write');
    const access = new MembershipAccess(env.api({ organization: 'fr', role: 'employee', scopes: scopes.filter((s) => s !== 'offline_access') }), () => ({ connected: true, grantedScopes: scopes }));
    const view = await access.check();
    assert.equal(view.role, 'unknown');
    const unlock = availability('unlockCard', view);
    assert.ok(!unlock.ok && /not allowed to change cards/.test(unlock.reason));
  });

  test('signed out: nothing is asked of the bank, and every action says the register is not connected', async () => {
    const access = new MembershipAccess(env.api({ organization: 'fr', role: 'owner' }), () => ({ connected: false, grantedScopes: [] }));
    const view = await access.check();
    assert.equal(view.role, 'unknown');
    const cards = availability('viewCards', view);
    assert.ok(!cards.ok && /not connected to the bank/.test(cards.reason));
  });

  test('a 403 on an owner-and-admin action teaches "employee"', () => {
    const access = new MembershipAccess(env.api({ organization: 'fr', role: 'owner' }), () => ({ connected: true, grantedScopes: ALL }));
    access.refusedForRole('only owner and admin memberships may unlock a card');
    assert.equal(access.view().role, 'employee');
  });
});
