import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import { memoryLogger } from '../log.js';
import { InvalidGrantError, OAuthTransportError, SESSION_ENDED_MESSAGE, SignedOutError } from './errors.js';
import { NodeCipher } from './node-cipher.js';
import { TokenManager, type AuthStatus } from './token-manager.js';
import type { TokenSet } from './token-set.js';
import { TokenVault } from './vault.js';
import { deferred, FakeTokenClient } from './testing/fake-token-client.js';

const T0 = 1_800_000_000_000;

async function setup(initial: Partial<TokenSet> | null = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'token-manager-'));
  const clock = new ManualClock({ start: T0, frozen: true });
  const cipher = new NodeCipher();
  const vault = await TokenVault.open({ dataDir: dir, cipher });
  const client = new FakeTokenClient(() => clock.now());
  const logger = memoryLogger();
  if (initial) {
    await vault.saveTokens('sandbox', { access_token: 'at_0', refresh_token: 'rt_0', expires_at: T0 + 3_600_000, scope: ['terminal.read', 'offline_access'], ...initial });
  }
  const manager = new TokenManager({ env: 'sandbox', vault, tokenClient: client, clock, logger });
  const statuses: AuthStatus[] = [];
  manager.onStatusChange((s) => statuses.push(s));
  const reopen = () => TokenVault.open({ dataDir: dir, cipher });
  return { manager, client, clock, vault, logger, statuses, reopen, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

type Ctx = Awaited<ReturnType<typeof setup>>;
const run = (initial: Partial<TokenSet> | null, fn: (ctx: Ctx) => Promise<void>) => async () => {
  const ctx = await setup(initial);
  try {
    await fn(ctx);
  } finally {
    await ctx.cleanup();
  }
};

describe('TokenManager: handing out tokens', () => {
  test('returns the stored token while more than 60 s are left, refreshes proactively below', run({}, async ({ manager, client, clock }) => {
    assert.equal(await manager.getAccessToken(), 'at_0');
    clock.advance(3_600_000 - 60_001);
    assert.equal(await manager.getAccessToken(), 'at_0');
    assert.equal(client.refreshCalls.length, 0);
    clock.advance(2);
    assert.equal(await manager.getAccessToken(), 'at_1');
    assert.deepEqual(client.refreshCalls, ['rt_0']);
  }));

  test('10 parallel calls after expiry make exactly one refresh and all get the new token', run({ expires_at: T0 - 1 }, async ({ manager, client }) => {
    const gate = deferred<TokenSet>();
    client.nextRefresh = () => gate.promise;
    const calls = Array.from({ length: 10 }, () => manager.getAccessToken());
    gate.resolve({ access_token: 'at_new', refresh_token: 'rt_new', expires_at: T0 + 3_600_000, scope: ['terminal.read'] });
    assert.deepEqual(await Promise.all(calls), Array(10).fill('at_new'));
    assert.equal(client.refreshCalls.length, 1);
  }));

  test('the rotated pair is in the vault before the new token is handed out', run({ expires_at: T0 - 1 }, async ({ manager, vault, reopen }) => {
    const original = vault.saveTokens.bind(vault);
    const saveGate = deferred<void>();
    let handedOut = false;
    vault.saveTokens = async (env, set) => {
      await saveGate.promise;
      await original(env, set);
    };
    const pending = manager.getAccessToken().then((t) => {
      handedOut = true;
      return t;
    });
    await new Promise((r) => setImmediate(r));
    assert.equal(handedOut, false);
    saveGate.resolve();
    assert.equal(await pending, 'at_1');
    const onDisk = (await reopen()).getTokens('sandbox');
    assert.equal(onDisk?.access_token, 'at_1');
    assert.equal(onDisk?.refresh_token, 'rt_1');
  }));

  test('a disk failure does not lose the rotated pair: it is used from memory and the status says so', run({ expires_at: T0 - 1 }, async ({ manager, vault }) => {
    vault.saveTokens = () => Promise.reject(new Error('ENOSPC'));
    assert.equal(await manager.getAccessToken(), 'at_1');
    assert.match(manager.status().message ?? '', /could not be saved/);
    assert.equal(manager.status().signedIn, true);
  }));

  test('an unreachable bank falls back to the current token while it is still usable', run({ expires_at: T0 + 30_000 }, async ({ manager, client, logger }) => {
    client.nextRefresh = () => Promise.reject(new OAuthTransportError('ECONNREFUSED'));
    assert.equal(await manager.getAccessToken(), 'at_0');
    assert.ok(logger.lines.some((l) => l.includes('token refresh failed')));
  }));

  test('an unreachable bank with an expired token throws the transport error but stays signed in', run({ expires_at: T0 - 1 }, async ({ manager, client }) => {
    client.nextRefresh = () => Promise.reject(new OAuthTransportError('ECONNREFUSED'));
    await assert.rejects(manager.getAccessToken(), OAuthTransportError);
    assert.equal(manager.status().signedIn, true);
  }));
});

describe('TokenManager: the session ending', () => {
  test('invalid_grant signs the register out, wipes the vault and gives a typed error to every waiting caller', run({ expires_at: T0 - 1 }, async ({ manager, client, statuses, reopen }) => {
    client.nextRefresh = () => Promise.reject(new InvalidGrantError('expired', 400));
    const results = await Promise.allSettled([manager.getAccessToken(), manager.getAccessToken()]);
    for (const r of results) {
      assert.equal(r.status, 'rejected');
      assert.ok(r.reason instanceof SignedOutError);
      assert.equal(r.reason.message, SESSION_ENDED_MESSAGE);
    }
    assert.equal(client.refreshCalls.length, 1);
    assert.deepEqual(manager.status(), { signedIn: false, scopes: [], message: SESSION_ENDED_MESSAGE, persistence: 'encrypted' });
    assert.equal(statuses.at(-1)?.signedIn, false);
    assert.equal((await reopen()).getTokens('sandbox'), null);
    await assert.rejects(manager.getAccessToken(), SignedOutError);
  }));

  test('without a refresh token the session ends at expiry', run({ expires_at: T0 - 1, refresh_token: null }, async ({ manager, client }) => {
    await assert.rejects(manager.getAccessToken(), (e: unknown) => e instanceof SignedOutError && /offline_access/.test(e.message));
    assert.equal(client.refreshCalls.length, 0);
  }));

  test('signOut clears the vault first, then revokes the refresh token', run({}, async ({ manager, client, reopen }) => {
    await manager.signOut();
    assert.deepEqual(client.revoked, [{ token: 'rt_0', hint: 'refresh_token' }]);
    assert.equal((await reopen()).getTokens('sandbox'), null);
    assert.equal(manager.status().signedIn, false);
    await assert.rejects(manager.getAccessToken(), SignedOutError);
  }));

  test('a failed revoke is logged without the token and does not undo the sign-out', run({ refresh_token: 'rt_0_long_secret' }, async ({ manager, client, logger }) => {
    logger.addSecret('rt_0_long_secret');
    client.revokeError = new OAuthTransportError('ETIMEDOUT');
    await manager.signOut();
    assert.equal(manager.status().signedIn, false);
    const logged = logger.lines.join('\n');
    assert.match(logged, /revocation failed/);
    assert.doesNotMatch(logged, /rt_0_long_secret/);
  }));

  test('a refresh that finishes after signOut is revoked, not saved', run({ expires_at: T0 - 1 }, async ({ manager, client, reopen }) => {
    const gate = deferred<TokenSet>();
    client.nextRefresh = () => gate.promise;
    const pending = manager.getAccessToken();
    await manager.signOut();
    gate.resolve({ access_token: 'at_late', refresh_token: 'rt_late', expires_at: T0 + 3_600_000, scope: [] });
    await assert.rejects(pending, SignedOutError);
    assert.deepEqual(client.revoked.map((r) => r.token), ['rt_0', 'rt_late']);
    assert.equal((await reopen()).getTokens('sandbox'), null);
  }));

  test('adoptTokens starts a session: saved, scopes exposed, status emitted', run(null, async ({ manager, statuses, reopen }) => {
    assert.equal(manager.status().signedIn, false);
    await assert.rejects(manager.getAccessToken(), SignedOutError);
    await manager.adoptTokens({ access_token: 'at_x', refresh_token: 'rt_x', expires_at: T0 + 3_600_000, scope: ['terminal.read'] });
    assert.deepEqual(manager.status(), { signedIn: true, scopes: ['terminal.read'], message: null, persistence: 'encrypted' });
    assert.ok(manager.hasScope('terminal.read'));
    assert.ok(!manager.hasScope('terminal.write'));
    assert.equal(statuses.length, 1);
    assert.equal((await reopen()).getTokens('sandbox')?.access_token, 'at_x');
  }));
});

describe('TokenManager: 401 from the API', () => {
  test('triggers one refresh for concurrent callers and resolves true', run({}, async ({ manager, client }) => {
    const results = await Promise.all([manager.onUnauthorized(), manager.onUnauthorized(), manager.onUnauthorized()]);
    assert.deepEqual(results, [true, true, true]);
    assert.equal(client.refreshCalls.length, 1);
    assert.equal(await manager.getAccessToken(), 'at_1');
  }));

  test('a late 401 for a token already replaced does not refresh again', run({}, async ({ manager, client, clock }) => {
    await manager.onUnauthorized('at_0');
    clock.advance(10_000);
    assert.equal(await manager.onUnauthorized('at_0'), true);
    assert.equal(client.refreshCalls.length, 1);
  }));

  test('a 401 right after a refresh does not loop into more refreshes', run({}, async ({ manager, client, clock }) => {
    await manager.onUnauthorized();
    clock.advance(1_000);
    assert.equal(await manager.onUnauthorized(), true);
    assert.equal(client.refreshCalls.length, 1);
    clock.advance(10_000);
    await manager.onUnauthorized();
    assert.equal(client.refreshCalls.length, 2);
  }));

  test('resolves false when signed out or when the grant is gone', run({}, async ({ manager, client }) => {
    client.nextRefresh = () => Promise.reject(new InvalidGrantError(null, 400));
    assert.equal(await manager.onUnauthorized(), false);
    assert.equal(manager.status().message, SESSION_ENDED_MESSAGE);
    assert.equal(await manager.onUnauthorized(), false);
  }));
});
