import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_ORGS } from '../sandbox/index.js';
import type { DeprecationNotice } from '../../shared/ipc/types.js';
import type { Organization } from '../../shared/domain/bank.js';
import { contractEnv, T0, type ContractEnv } from './testing/contract-support.js';
import { rejection } from './testing/test-rejection.js';
import { BankApiError } from './errors.js';

let env: ContractEnv;
const notices: DeprecationNotice[] = [];

before(async () => {
  env = await contractEnv();
});
after(() => env.close());
beforeEach(() => {
  env.sb.reset();
  env.clock.set(T0);
  notices.length = 0;
});

describe('organization.get', () => {
  test('the organization of the token, external accounts only on request', async () => {
    const api = env.api({ organization: 'fr', role: 'employee' }, { onDeprecation: (n) => notices.push(n) });
    const org = await api.organization.get();
    assert.equal(org.id, SANDBOX_ORGS.fr.id);
    assert.equal(org.slug, SANDBOX_ORGS.fr.slug);
    assert.ok(org.bank_accounts.every((a) => a.is_external_account !== true));
    const withExternal = await api.organization.get({ includeExternalAccounts: true });
    assert.ok(withExternal.bank_accounts.some((a) => a.is_external_account === true));
    assert.equal((await env.api({ organization: 'it', role: 'owner' }).organization.get()).id, SANDBOX_ORGS.it.id);
    assert.deepEqual(notices, [], 'the current route carries no deprecation');
  });

  test('403 without organization.read', async () => {
    const api = env.api({ organization: 'fr', role: 'owner', scopes: ['terminal.read'] });
    const e = await rejection(api.organization.get());
    assert.ok(e instanceof BankApiError && e.status === 403, String(e));
  });
});

describe('retired slug routes (through the low-level request function only)', () => {
  for (const version of ['v1', 'v2']) {
    test(`/${version}/organizations/{slug} before the sunset: 200 and a parsed deprecation notice`, async () => {
      const http = env.http({ organization: 'fr', role: 'owner' }, { onDeprecation: (n) => notices.push(n) });
      const path = `/${version}/organizations/${SANDBOX_ORGS.fr.slug}`;
      const res = await http.request('GET', path);
      assert.equal((res.body as { organization: Organization }).organization.slug, SANDBOX_ORGS.fr.slug);
      assert.equal(notices.length, 1);
      const n = notices[0]!;
      assert.equal(n.route, `GET ${path}`);
      assert.equal(n.sunset, '2026-11-15T00:00:00.000Z');
      assert.ok(n.deprecatedSince && Date.parse(n.deprecatedSince) < Date.parse(n.sunset));
      assert.equal(n.successor, `${env.sb.url}/v2/organization`);
    });
  }

  test('one millisecond before the sunset still 200; from the sunset instant 410 naming the successor', async () => {
    const http = env.http({ organization: 'fr', role: 'owner' }, { onDeprecation: (n) => notices.push(n) });
    const path = `/v1/organizations/${SANDBOX_ORGS.fr.slug}`;
    env.clock.set(Date.UTC(2026, 10, 15) - 1);
    assert.equal((await http.request('GET', path)).status, 200);
    env.clock.set(Date.UTC(2026, 10, 15));
    const e = await rejection(http.request('GET', path));
    assert.ok(e instanceof BankApiError, String(e));
    assert.equal(e.gone, true);
    assert.equal(e.retryable, false);
    assert.match(e.message, /retired.*410 Gone.*GET \/v2\/organization/);
    const api = env.api({ organization: 'fr', role: 'owner' });
    assert.equal((await api.organization.get()).slug, SANDBOX_ORGS.fr.slug, 'the successor keeps working');
  });
});
