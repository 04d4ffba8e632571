import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppState } from '../../../shared/ipc/types.js';
import { appStateChange } from './app-state-change.js';

const base: AppState = {
  environment: 'training',
  registerId: 'REG-1',
  organization: { id: 'org-1', name: 'Boulangerie', slug: 'b', locale: 'fr', legalCountry: 'FR' },
  connection: { status: 'connected', message: null, grantedScopes: ['terminal.read', 'terminal.write'] },
  defaultTerminalId: null,
  deprecations: [],
};

describe('appStateChange', () => {
  test('the first state is no change', () => {
    assert.deepEqual(appStateChange(null, base), { environment: false, connection: false });
  });
  test('a new deprecation notice or default terminal changes nothing that needs reloading', () => {
    assert.deepEqual(appStateChange(base, { ...base, defaultTerminalId: 't1' }), { environment: false, connection: false });
  });
  test('another environment is also another connection', () => {
    assert.deepEqual(appStateChange(base, { ...base, environment: 'sandbox' }), { environment: true, connection: true });
  });
  test('sign-out, another organization or other scopes change the connection', () => {
    const out = { ...base, organization: null, connection: { status: 'signed_out' as const, message: 'm', grantedScopes: [] } };
    assert.deepEqual(appStateChange(base, out), { environment: false, connection: true });
    assert.equal(appStateChange(base, { ...base, organization: { ...base.organization!, id: 'org-2' } }).connection, true);
    assert.equal(appStateChange(base, { ...base, connection: { ...base.connection, grantedScopes: ['terminal.read'] } }).connection, true);
  });
});
