/**
 * An owner-and-admin action refused before the bank carries why it was refused
 * (employee, permission missing, signed out), so the screen words the right next step.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AccessView } from '../../../shared/domain/access.js';
import type { CoreContext } from '../context.js';
import { CoreError } from '../errors.js';
import { backOfficeHandlers } from './back-office.js';

function handlersSeeing(view: AccessView) {
  let bankCalls = 0;
  const api = { cards: { unlock: async () => { bankCalls++; } } };
  const ctx = { api, access: { check: async () => view, refusedForRole: () => undefined } } as unknown as CoreContext;
  return { handlers: backOfficeHandlers(ctx), bankCalls: () => bankCalls };
}

describe('back-office refusals before the bank', () => {
  const cases: [AccessView, string][] = [
    [{ connected: true, grantedScopes: ['card.write'], role: 'employee', roleReason: '' }, 'employee'],
    [{ connected: true, grantedScopes: ['card.read'], role: 'admin', roleReason: '' }, 'scope_missing'],
    [{ connected: false, grantedScopes: [], role: 'unknown', roleReason: '' }, 'signed_out'],
  ];
  for (const [view, why] of cases) {
    test(`${why}: refused with the action and why, and the bank is not asked`, async () => {
      const { handlers, bankCalls } = handlersSeeing(view);
      await assert.rejects(handlers.unlockCard({ cardId: 'c' }), (e: unknown) => {
        assert.ok(e instanceof CoreError);
        assert.equal(e.code, 'forbidden');
        assert.deepEqual(e.extras, { reason: 'access.not_allowed', params: { action: 'unlockCard', why } });
        return true;
      });
      assert.equal(bankCalls(), 0);
    });
  }
});
