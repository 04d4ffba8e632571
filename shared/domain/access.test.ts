import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ACTION_NEEDS, availability, lockWarning, type AccessView, type BackOfficeAction } from './access.js';

const view = (role: AccessView['role'], grantedScopes = ['card.read', 'card.write', 'client.read', 'client.write', 'organization.read', 'terminal.read']): AccessView =>
  ({ connected: true, role, grantedScopes, roleReason: '' });
const actions = Object.keys(ACTION_NEEDS) as BackOfficeAction[];

describe('availability', () => {
  test('an owner or admin with every scope may do everything', () => {
    assert.ok(actions.every((a) => availability(a, view('admin')).ok));
  });
  test('an employee may not rename, restrict or unlock (docs/bank-api.md, Cards: admins and owners only); the rest stays open', () => {
    const refused = actions.filter((a) => !availability(a, view('employee')).ok);
    assert.deepEqual(refused.sort(), ['renameCard', 'restrictCard', 'unlockCard']);
    assert.equal(lockWarning(view('employee')), true);
    assert.equal(lockWarning(view('admin')), false);
  });
  test('an unconfirmed role is not offered owner-only actions (never refused after the click); the rest stays open', () => {
    const refused = actions.filter((a) => !availability(a, view('unknown')).ok);
    assert.deepEqual(refused.sort(), ['renameCard', 'restrictCard', 'unlockCard']);
    const rename = availability('renameCard', view('unknown'));
    assert.ok(!rename.ok && rename.why === 'unconfirmed');
    assert.equal(lockWarning(view('unknown')), true);
  });
  test('each refusal carries its reason code for the screen to word', () => {
    const employee = availability('renameCard', view('employee'));
    assert.ok(!employee.ok && employee.why === 'employee');
    const scope = availability('createClient', view('admin', ['client.read']));
    assert.ok(!scope.ok && scope.why === 'scope_missing' && scope.scope === 'client.write');
  });
  test('a scope not granted wins over the role, and says which permission', () => {
    const r = availability('viewClients', view('admin', ['card.read']));
    assert.ok(!r.ok && /not allowed to see clients/.test(r.reason));
  });
});
