/** The harness answers only its own page: secret, origin and content type are checked before the core sees anything. */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { ManualClock } from '../../shared/clock.js';
import { bootCore, type BootedCore } from '../../electron/core/boot.js';
import { memoryLogger } from '../../electron/log.js';
import { SECRET_HEADER, SECRET_META } from './guard.js';
import { EVENTS_SENT_HEADER } from '../browser/event-order.js';
import { startHarnessServer } from './server.js';

interface Raw {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** node:http rather than fetch, so a test can send exactly the headers a browser would (Origin, Sec-Fetch-Site). */
function raw(base: string, path: string, method: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
        // The event stream never ends on its own: its first line is enough.
        if (res.headers['content-type'] === 'text/event-stream') res.destroy();
      });
      res.on('close', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('harness bridge guard', () => {
  let dir: string;
  let booted: BootedCore;
  let harness: Awaited<ReturnType<typeof startHarnessServer>>;
  let secret: string;
  let clockMoves = 0;
  const json = { 'content-type': 'application/json' };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'harness-guard-'));
    await writeFile(join(dir, 'index.html'), '<html><head><script type="module" src="/app.js"></script></head><body></body></html>');
    booted = await bootCore({ dataDir: join(dir, 'data'), logger: memoryLogger(), clock: new ManualClock({ start: Date.UTC(2026, 3, 1, 9), frozen: true }) });
    harness = await startHarnessServer({
      core: booted.core, rendererDir: dir,
      controls: { advanceClock: () => void clockMoves++, setNetworkDown: () => undefined },
    });
    const page = await raw(harness.url, '/', 'GET', {});
    secret = new RegExp(`<meta name="${SECRET_META}" content="([^"]+)"`).exec(page.body)?.[1] ?? '';
  });

  after(async () => {
    await harness.close();
    await booted.close();
    await rm(dir, { recursive: true, force: true });
  });

  const hasPin = async () => (await booted.core.handlers.getSettings(undefined)).manager.hasPin;

  test('no other page may frame the harness', async () => {
    const res = await fetch(harness.url);
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    assert.equal(res.headers.get('content-security-policy'), "frame-ancestors 'none'");
  });

  test('each run has its own secret, in the page and nowhere in the bridge script', async () => {
    assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
    const script = await raw(harness.url, '/harness-bridge.js', 'GET', {});
    assert.equal(script.status, 200);
    assert.equal(script.body.includes(secret), false);
    const other = await startHarnessServer({ core: booted.core, rendererDir: dir });
    try {
      assert.equal((await raw(other.url, '/', 'GET', {})).body.includes(secret), false);
    } finally {
      await other.close();
    }
  });

  test('what a foreign page can send is refused and changes nothing', async () => {
    const pin = JSON.stringify({ pin: '1234' });
    const attempts: [string, Record<string, string>, string][] = [
      ['no secret (fetch no-cors, sendBeacon)', { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://127.0.0.1:9' }, pin],
      ['form post', { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:9' }, `${pin}=`],
      ['secret but text/plain', { 'content-type': 'text/plain', [SECRET_HEADER]: 'x' }, pin],
      // One character off (never the same character: that would be the secret itself).
      ['wrong secret', { ...json, [SECRET_HEADER]: `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}` }, pin],
      ['right secret, foreign origin', { ...json, [SECRET_HEADER]: secret, origin: 'http://127.0.0.1:9' }, pin],
      ['right secret, cross-site fetch', { ...json, [SECRET_HEADER]: secret, 'sec-fetch-site': 'same-site' }, pin],
      ['right secret, text/plain', { 'content-type': 'text/plain', [SECRET_HEADER]: secret }, pin],
      ['no content type', { [SECRET_HEADER]: secret }, pin],
    ];
    for (const [what, headers, body] of attempts) {
      const res = await raw(harness.url, '/bridge/setManagerPin', 'POST', headers, body);
      assert.equal(res.status, 403, what);
      assert.match(res.body, /^refused: /, what);
    }
    assert.equal(await hasPin(), false);
  });

  test('the event stream and the test switches need the secret too', async () => {
    assert.equal((await raw(harness.url, '/bridge/events', 'GET', {})).status, 403);
    assert.equal((await raw(harness.url, '/bridge/events?key=nope', 'GET', {})).status, 403);
    const stream = await raw(harness.url, `/bridge/events?key=${secret}`, 'GET', {});
    assert.equal(stream.status, 200);
    assert.match(stream.body, /^data: \{"seq":\d+\}\n\n/);
    const advance = JSON.stringify({ advance_ms: 1000 });
    assert.equal((await raw(harness.url, '/__harness/clock', 'POST', json, advance)).status, 403);
    assert.equal((await raw(harness.url, '/__harness/clock', 'POST', { 'content-type': 'text/plain', [SECRET_HEADER]: secret }, advance)).status, 403);
    assert.equal((await raw(harness.url, '/__harness/clock', 'POST', { ...json, [SECRET_HEADER]: secret, origin: 'http://127.0.0.1:9' }, advance)).status, 403);
    assert.equal(clockMoves, 0);
    assert.equal((await raw(harness.url, '/__harness/clock', 'POST', { ...json, [SECRET_HEADER]: secret }, advance)).status, 200);
    assert.equal(clockMoves, 1);
  });

  test('the page itself, same origin with the secret, works', async () => {
    const origin = new URL(harness.url).origin;
    const res = await raw(harness.url, '/bridge/setManagerPin', 'POST',
      { ...json, [SECRET_HEADER]: secret, origin, 'sec-fetch-site': 'same-origin' }, JSON.stringify({ pin: '1234' }));
    assert.equal(res.status, 200);
    assert.equal((JSON.parse(res.body) as { ok: boolean }).ok, true);
    assert.equal(await hasPin(), true);
    // Setting the PIN told the windows: the answer names that event's number, and a stream opened now starts there.
    const sent = Number(res.headers[EVENTS_SENT_HEADER]);
    assert.ok(sent >= 1, `answered after event ${String(res.headers[EVENTS_SENT_HEADER])}`);
    const stream = await raw(harness.url, `/bridge/events?key=${secret}`, 'GET', {});
    assert.equal(stream.body, `data: {"seq":${sent}}\n\n`);
  });
});
