import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BankEnvironmentView } from '../../../shared/ipc/types.js';
import { buildEnvironmentRequest, DEFAULT_REDIRECT_PORT, draftFrom, redirectUriPreview, type EnvironmentDraft } from './environment-form.js';

const stored: BankEnvironmentView = {
  settings: { apiBaseUrl: 'https://api.bank.example', oauthBaseUrl: 'https://oauth.bank.example', clientId: 'cid', redirectPort: 53700 },
  redirectUri: 'http://127.0.0.1:53700/callback', hasClientSecret: true, hasStagingToken: true, signedIn: false,
};
const filled = (patch: Partial<EnvironmentDraft> = {}): EnvironmentDraft => ({ ...draftFrom(stored), ...patch });

describe('environment settings form', () => {
  test('starts from the saved settings, with empty secret fields (secrets are never sent back to the screen)', () => {
    assert.deepEqual(draftFrom(stored), {
      apiBaseUrl: 'https://api.bank.example', oauthBaseUrl: 'https://oauth.bank.example', clientId: 'cid', redirectPort: '53700',
      clientSecret: '', stagingToken: '', removeStagingToken: false,
    });
    assert.equal(draftFrom({ ...stored, settings: null }).redirectPort, String(DEFAULT_REDIRECT_PORT));
  });

  test('empty secret fields keep the stored secrets; typed ones replace them', () => {
    const keep = buildEnvironmentRequest('sandbox', filled());
    assert.ok(keep.ok);
    assert.equal('clientSecret' in keep.value, false);
    assert.equal('stagingToken' in keep.value, false);
    const replace = buildEnvironmentRequest('sandbox', filled({ clientSecret: 's3cret', stagingToken: 'st4ge' }));
    assert.ok(replace.ok);
    assert.equal(replace.value.clientSecret, 's3cret');
    assert.equal(replace.value.stagingToken, 'st4ge');
    const removed = buildEnvironmentRequest('sandbox', filled({ removeStagingToken: true, stagingToken: 'ignored' }));
    assert.ok(removed.ok);
    assert.equal(removed.value.stagingToken, null);
  });

  test('production never sends a staging token and insists on https', () => {
    const prod = buildEnvironmentRequest('production', filled({ stagingToken: 'st4ge' }));
    assert.ok(prod.ok);
    assert.equal('stagingToken' in prod.value, false);
    const http = buildEnvironmentRequest('production', filled({ apiBaseUrl: 'http://api.bank.example' }));
    assert.equal(http.ok, false);
    assert.deepEqual(http.ok ? [] : http.issues.map((i) => i.pointer), ['/apiBaseUrl']);
  });

  test('a port that is not a number, or out of range, is named', () => {
    for (const port of ['abc', '80', '70000', '']) {
      const r = buildEnvironmentRequest('sandbox', filled({ redirectPort: port }));
      assert.equal(r.ok, false, port);
      assert.deepEqual(r.ok ? [] : r.issues.map((i) => i.pointer), ['/redirectPort'], port);
    }
    assert.equal(redirectUriPreview(' 53682 '), 'http://127.0.0.1:53682/callback');
    assert.equal(redirectUriPreview('80'), null);
  });
});
