import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { fetch } from 'undici';
import { ManualClock } from '../../shared/clock.js';
import { DEFAULT_LISTENER_TIMEOUT_MS, startLoopbackListener } from './loopback-listener.js';
import {
  AuthorizationDeniedError, InvalidCallbackError, ListenerClosedError, ListenerTimeoutError, OAuthProtocolError, PortInUseError,
} from './errors.js';

const STATE = 'expected-state-value';

const start = (extra: { clock?: ManualClock; timeoutMs?: number } = {}) =>
  startLoopbackListener({ port: 0, expectedState: STATE, ...extra });

async function get(port: number, pathAndQuery: string, method = 'GET'): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${pathAndQuery}`, { method });
  return { status: res.status, body: await res.text() };
}

async function refused(port: number): Promise<boolean> {
  return get(port, '/callback').then(() => false, () => true);
}

describe('loopback listener', () => {
  test('returns the code, shows a friendly page and stops listening', async () => {
    const l = await start();
    const page = await get(l.port, `/callback?code=the-code&state=${STATE}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /revenir dans Counterpay/, 'in the register language, French by default');
    assert.doesNotMatch(page.body, /the-code/);
    assert.deepEqual(await l.result, { code: 'the-code' });
    await l.close();
    assert.ok(await refused(l.port));
  });

  test('ignores unrelated requests (favicon, other methods) without closing', async () => {
    const l = await start();
    assert.equal((await get(l.port, '/favicon.ico')).status, 404);
    assert.equal((await get(l.port, `/callback?code=x&state=${STATE}`, 'POST')).status, 404);
    assert.equal((await get(l.port, `/callback?code=later&state=${STATE}`)).status, 200);
    assert.deepEqual(await l.result, { code: 'later' });
    await l.close();
  });

  test('a wrong or missing state is refused and ignored: the listener keeps waiting for the real callback', async () => {
    const l = await start();
    for (const query of ['code=stolen&state=other', 'code=stolen', 'error=access_denied&state=other', 'state=']) {
      const page = await get(l.port, `/callback?${query}`);
      assert.equal(page.status, 400);
      assert.match(page.body, /ne correspond pas à la connexion lancée par Counterpay/);
    }
    assert.equal((await get(l.port, `/callback?code=real&state=${STATE}`)).status, 200);
    assert.deepEqual(await l.result, { code: 'real' });
    await l.close();
    assert.ok(await refused(l.port));
  });

  test('forged callbacks alone end in the timeout, not earlier', async () => {
    const clock = new ManualClock({ start: 0, frozen: true });
    const l = await start({ clock, timeoutMs: 1000 });
    let settled = false;
    l.result.then(() => (settled = true), () => (settled = true));
    await get(l.port, '/callback?code=x&state=forged');
    await new Promise((r) => setImmediate(r));
    assert.equal(settled, false);
    clock.advance(1000);
    await assert.rejects(l.result, ListenerTimeoutError);
    await l.close();
  });

  test('a bank error is reported and the page escapes what the query said', async () => {
    const l = await start();
    const page = await get(l.port, `/callback?error=server_error&error_description=${encodeURIComponent('<script>x</script>')}&state=${STATE}`);
    assert.equal(page.status, 400);
    assert.doesNotMatch(page.body, /<script>/);
    // The bank's own words are not shown at all: the page says what to do in the register's language.
    assert.match(page.body, /Relancez/);
    const err = await l.result.then(() => null, (e: unknown) => e);
    assert.ok(err instanceof AuthorizationDeniedError);
    assert.equal(err.error, 'server_error');
    assert.equal(err.description, '<script>x</script>');
    await l.close();
  });

  test('a callback without code or error is unusable', async () => {
    const l = await start();
    await get(l.port, `/callback?state=${STATE}`);
    await assert.rejects(l.result, InvalidCallbackError);
    await l.close();
  });

  test('times out by the injected clock (default 5 minutes) and closes', async () => {
    const clock = new ManualClock({ start: 1_700_000_000_000, frozen: true });
    const l = await start({ clock });
    clock.advance(DEFAULT_LISTENER_TIMEOUT_MS - 1);
    assert.equal(clock.pendingTimers(), 1);
    clock.advance(1);
    await assert.rejects(l.result, ListenerTimeoutError);
    await l.close();
    assert.ok(await refused(l.port));
  });

  test('success cancels the timeout timer', async () => {
    const clock = new ManualClock({ start: 0, frozen: true });
    const l = await start({ clock, timeoutMs: 1000 });
    await get(l.port, `/callback?code=c&state=${STATE}`);
    await l.result;
    assert.equal(clock.pendingTimers(), 0);
    await l.close();
  });

  test('close() cancels a pending sign-in', async () => {
    const l = await start();
    await l.close();
    await assert.rejects(l.result, ListenerClosedError);
  });

  test('a port already in use gives a typed error naming the port', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const err = await startLoopbackListener({ port, expectedState: STATE }).then(() => null, (e: unknown) => e);
      assert.ok(err instanceof PortInUseError);
      assert.equal(err.port, port);
      assert.match(err.message, new RegExp(`Port ${port}`));
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });
  test('the browser hears "signed in" only once the exchange succeeded; a refused exchange shows the failure page and is the result', async () => {
    const refused = new OAuthProtocolError('invalid_client', 'client authentication failed', 401);
    const l = await startLoopbackListener({ port: 0, expectedState: STATE, verify: async () => { throw refused; } });
    const page = await get(l.port, `/callback?code=the-code&state=${STATE}`);
    assert.equal(page.status, 400);
    assert.match(page.body, /La connexion n’a pas abouti/);
    assert.doesNotMatch(page.body, /Connexion réussie/);
    await assert.rejects(l.result, (e) => e === refused);
    await l.close();
  });

  test('close() during the exchange settles at once; the waiting browser is let go', async () => {
    let release!: () => void;
    const l = await startLoopbackListener({ port: 0, expectedState: STATE, verify: () => new Promise<void>((r) => { release = r; }) });
    const browser = get(l.port, `/callback?code=the-code&state=${STATE}`).then(() => 'answered', () => 'dropped');
    while (!release) await new Promise((r) => setTimeout(r, 5));
    const started = Date.now();
    await l.close();
    await assert.rejects(l.result, ListenerClosedError);
    assert.ok(Date.now() - started < 1_000, 'the cancel did not wait for the exchange');
    assert.equal(await browser, 'dropped');
    release();
  });
});
