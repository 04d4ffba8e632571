/** The update decisions, against a release feed served on loopback the way a real feed serves it. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { channelFile, checkFeed, MAX_FEED_BYTES } from './update-feed.js';
import { compareVersions, installAtQuit, updateFeedFromEnv } from './update-policy.js';

const files = new Map<string, string>();
const requests: string[] = [];
let server: Server;
let feed: string;

before(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = files.get(req.url ?? '');
    if (body === undefined) res.writeHead(404).end('not found');
    else res.writeHead(200, { 'content-type': 'text/yaml' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed = `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases/`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const channel = (version: string) =>
  `version: ${version}\nfiles:\n  - url: Counterpay-Setup-${version}.exe\n    sha512: abc==\n    size: 1\npath: Counterpay-Setup-${version}.exe\nsha512: abc==\nreleaseDate: '2026-11-20T10:00:00.000Z'\n`;

test('versions order like semver: numbers numerically, a pre-release before its release', () => {
  assert.ok(compareVersions('0.10.0', '0.9.9') > 0);
  assert.ok(compareVersions('1.0.0-beta.2', '1.0.0-beta.10') < 0);
  assert.ok(compareVersions('1.0.0-rc.1', '1.0.0') < 0);
  assert.equal(compareVersions('v1.2.3', '1.2.3+build.7'), 0);
  assert.throws(() => compareVersions('1.2', '1.2.0'), /not a version/);
});

test('the feed is read from the channel file of each OS; only a newer release is worth downloading', async () => {
  files.set('/releases/latest.yml', channel('0.2.0'));
  files.set('/releases/latest-linux.yml', channel('0.1.0'));
  files.set('/releases/latest-mac.yml', channel('0.1.1-beta.1'));
  assert.deepEqual(await checkFeed(feed, '0.1.0', 'win32'), { kind: 'newer', version: '0.2.0' });
  assert.deepEqual(await checkFeed(feed, '0.1.0', 'linux'), { kind: 'current', version: '0.1.0' });
  assert.deepEqual(await checkFeed(feed, '0.1.0', 'darwin'), { kind: 'newer', version: '0.1.1-beta.1' });
  assert.deepEqual(await checkFeed(feed, '0.3.0', 'win32'), { kind: 'current', version: '0.2.0' });
  assert.ok(requests.includes(`/releases/${channelFile('win32')}`));
});

test('a feed that is missing, garbled or down is "unreachable", never an exception', async () => {
  files.delete('/releases/latest-linux.yml');
  const missing = await checkFeed(feed, '0.1.0', 'linux');
  assert.equal(missing.kind, 'unreachable');
  files.set('/releases/latest-linux.yml', 'files: []\n');
  assert.equal((await checkFeed(feed, '0.1.0', 'linux')).kind, 'unreachable');
  files.set('/releases/latest-linux.yml', 'version: banana\n');
  assert.equal((await checkFeed(feed, '0.1.0', 'linux')).kind, 'unreachable');
  assert.equal((await checkFeed('http://127.0.0.1:9/', '0.1.0', 'linux')).kind, 'unreachable');
});

test('a feed file larger than any channel file is refused by its size, not read into memory', async () => {
  files.set('/releases/latest-linux.yml', `version: 9.9.9\n#${'x'.repeat(MAX_FEED_BYTES)}\n`);
  const big = await checkFeed(feed, '0.1.0', 'linux');
  assert.equal(big.kind, 'unreachable');
  assert.match(big.kind === 'unreachable' ? big.reason : '', /is larger than 65536 bytes, far more than a channel file$/);
  files.set('/releases/latest-linux.yml', channel('0.1.0'));
});

test('a downloaded update installs at quit only when it is newer and no payment attempt is open', async () => {
  files.set('/releases/latest.yml', channel('0.2.0'));
  const seen = await checkFeed(feed, '0.1.0', 'win32');
  assert.equal(seen.kind, 'newer');
  const downloaded = seen.kind === 'newer' ? seen.version : null;
  assert.deepEqual(installAtQuit({ current: '0.1.0', downloaded, openAttempts: 1 }), { install: false, reason: 'payment-open' });
  assert.deepEqual(installAtQuit({ current: '0.1.0', downloaded, openAttempts: 0 }), { install: true });
  assert.deepEqual(installAtQuit({ current: '0.1.0', downloaded: null, openAttempts: 0 }), { install: false, reason: 'nothing-downloaded' });
  assert.deepEqual(installAtQuit({ current: '0.2.0', downloaded, openAttempts: 0 }), { install: false, reason: 'not-newer' });
});

test('the feed is configurable, https only (plain http on loopback for tests), off when unset', () => {
  assert.deepEqual(updateFeedFromEnv({}), { ok: true, url: null });
  assert.deepEqual(updateFeedFromEnv({ COUNTERPAY_UPDATE_FEED: 'https://updates.example.com/counterpay' }), { ok: true, url: 'https://updates.example.com/counterpay/' });
  assert.deepEqual(updateFeedFromEnv({ COUNTERPAY_UPDATE_FEED: feed }), { ok: true, url: feed });
  const plain = updateFeedFromEnv({ COUNTERPAY_UPDATE_FEED: 'http://updates.example.com/' });
  assert.equal(plain.ok, false);
  assert.equal(updateFeedFromEnv({ COUNTERPAY_UPDATE_FEED: 'not a url' }).ok, false);
});
