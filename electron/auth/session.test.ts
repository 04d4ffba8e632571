/** Sign-in, vault and token lifecycle together against the sandbox's real token endpoint. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { memoryLogger } from '../log.js';
import { signIn } from './authorize.js';
import { SESSION_ENDED_MESSAGE, SignedOutError } from './errors.js';
import { NodeCipher } from './node-cipher.js';
import { createTokenClient } from './token-client.js';
import { TokenManager } from './token-manager.js';
import { TokenVault } from './vault.js';
import { sandboxBrowser } from './testing/sandbox-browser.js';
import { TEST_CLIENT_SECRET, withSandboxAuth, type SandboxAuthContext } from './testing/sandbox-fixture.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function signedInSession(ctx: SandboxAuthContext, cipher = new NodeCipher()) {
  const logger = memoryLogger();
  const vault = await TokenVault.open({ dataDir: ctx.dataDir, cipher, logger });
  await vault.saveClientSecret('sandbox', TEST_CLIENT_SECRET);
  const tokenClient = createTokenClient(ctx.config, { clock: ctx.clock, dispatcher: ctx.dispatcher, logger });
  const manager = new TokenManager({ env: 'sandbox', vault, tokenClient, clock: ctx.clock, logger });
  await manager.adoptTokens(await signIn({ config: ctx.config, clock: ctx.clock, openExternal: sandboxBrowser(), tokenClient, logger }));
  const refreshes = () => ctx.oauthRequests.filter((r) => r.form.get('grant_type') === 'refresh_token').length;
  return { vault, manager, logger, cipher, refreshes };
}

describe('session against the sandbox', () => {
  test('10 parallel getAccessToken calls after expiry make exactly one refresh request; the rotated pair works and is saved', () =>
    withSandboxAuth({ autoConsent: 'approve' }, async (ctx) => {
      const { manager, refreshes, cipher } = await signedInSession(ctx);
      const first = await manager.getAccessToken();
      assert.equal(refreshes(), 0);
      ctx.clock.advance(HOUR);
      const tokens = await Promise.all(Array.from({ length: 10 }, () => manager.getAccessToken()));
      assert.equal(refreshes(), 1);
      assert.equal(new Set(tokens).size, 1);
      assert.notEqual(tokens[0], first);
      assert.equal(await ctx.apiStatus(tokens[0] ?? ''), 200);
      assert.equal((await TokenVault.open({ dataDir: ctx.dataDir, cipher })).getTokens('sandbox')?.access_token, tokens[0]);

      // The old refresh token dies 60 s after rotation; the next refresh must use the new one.
      ctx.clock.advance(HOUR);
      const third = await manager.getAccessToken();
      assert.equal(refreshes(), 2);
      assert.equal(await ctx.apiStatus(third), 200);
    }));

  test('a 401 from the API is answered with one refresh and a working token', () =>
    withSandboxAuth({ autoConsent: 'approve' }, async (ctx) => {
      const { manager, refreshes } = await signedInSession(ctx);
      const old = await manager.getAccessToken();
      const replies = await Promise.all([manager.onUnauthorized(old), manager.onUnauthorized(old)]);
      assert.deepEqual(replies, [true, true]);
      assert.equal(refreshes(), 1);
      assert.equal(await ctx.apiStatus(await manager.getAccessToken()), 200);
    }));

  test('an expired refresh token signs the register out and clears the vault', () =>
    withSandboxAuth({ autoConsent: 'approve' }, async (ctx) => {
      const { manager, cipher } = await signedInSession(ctx);
      ctx.clock.advance(91 * DAY);
      await assert.rejects(manager.getAccessToken(), (e: unknown) => e instanceof SignedOutError && e.message === SESSION_ENDED_MESSAGE);
      assert.deepEqual(manager.status(), { signedIn: false, scopes: [], message: SESSION_ENDED_MESSAGE, persistence: 'encrypted' });
      const vault = await TokenVault.open({ dataDir: ctx.dataDir, cipher });
      assert.equal(vault.getTokens('sandbox'), null);
      assert.equal(vault.getClientSecret('sandbox'), TEST_CLIENT_SECRET);
    }));

  test('signOut revokes at the bank: the access token stops working, the vault forgets it', () =>
    withSandboxAuth({ autoConsent: 'approve' }, async (ctx) => {
      const { manager, cipher } = await signedInSession(ctx);
      const token = await manager.getAccessToken();
      assert.equal(await ctx.apiStatus(token), 200);
      await manager.signOut();
      const revoke = ctx.oauthRequests.find((r) => r.path === '/oauth2/revoke');
      assert.equal(revoke?.form.get('token_type_hint'), 'refresh_token');
      assert.equal(await ctx.apiStatus(token), 401);
      assert.equal((await TokenVault.open({ dataDir: ctx.dataDir, cipher })).getTokens('sandbox'), null);
      await assert.rejects(manager.getAccessToken(), SignedOutError);
    }));

  test('after a full session no token or secret is on disk in plain text, nor in the log', () =>
    withSandboxAuth({ autoConsent: 'approve' }, async (ctx) => {
      const { manager, vault, logger } = await signedInSession(ctx);
      const secrets = new Set<string>([TEST_CLIENT_SECRET]);
      const collect = () => {
        const t = vault.getTokens('sandbox');
        if (t) [t.access_token, t.refresh_token].forEach((s) => s && secrets.add(s));
      };
      collect();
      ctx.clock.advance(HOUR);
      await manager.getAccessToken();
      collect();
      logger.info('session summary', { status: manager.status() });
      const names = await readdir(ctx.dataDir);
      assert.ok(names.length > 0);
      const disk = (await Promise.all(names.map((n) => readFile(join(ctx.dataDir, n), 'latin1')))).join('\n');
      const log = logger.lines.join('\n');
      assert.ok(secrets.size >= 5);
      for (const s of secrets) {
        assert.ok(!disk.includes(s), 'a secret was found on disk');
        assert.ok(!log.includes(s), 'a secret was found in the log');
      }
    }));
});
