import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAppRequestHandler, type AppRequestHandler } from './app-protocol.js';
import { CONTENT_SECURITY_POLICY } from './security.js';

describe('app:// request handler', () => {
  let dir: string;
  let root: string;
  let handle: AppRequestHandler;
  const refusals: Array<{ status: number; reason: string }> = [];
  const get = (p: string, method = 'GET') => handle(new Request(`app://counterpay${p}`, { method }));

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'counterpay-protocol-'));
    root = path.join(dir, 'renderer');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Counterpay</title>');
    await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'secret.txt'), 'vault');
    await symlink(path.join(dir, 'secret.txt'), path.join(root, 'assets', 'leak.js'));
    handle = createAppRequestHandler(root, { onRefused: (_url, status, reason) => refusals.push({ status, reason }) });
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('serves index.html for / with its MIME type and the CSP header', async () => {
    const res = await get('/');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(res.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(await res.text(), /<title>Counterpay<\/title>/);
  });

  test('serves bundle files as JavaScript', async () => {
    const res = await get('/assets/app.js');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(await res.text(), 'console.log(1)');
  });

  test('HEAD answers headers without a body', async () => {
    const res = await get('/assets/app.js', 'HEAD');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '');
  });

  test('missing files and folders are 404, still under the CSP', async () => {
    for (const p of ['/nope.js', '/assets']) {
      const res = await get(p);
      assert.equal(res.status, 404, p);
      assert.equal(res.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
    }
  });

  test('refuses traversal, symlinks out of the root and writes', async () => {
    const traversal = await get('/assets/..%2f..%2fsecret.txt');
    assert.equal(traversal.status, 403);
    assert.doesNotMatch(await traversal.text(), /vault/);

    const leak = await get('/assets/leak.js');
    assert.equal(leak.status, 403);
    assert.doesNotMatch(await leak.text(), /vault/);

    const post = await handle(new Request('app://counterpay/index.html', { method: 'POST', body: 'x' }));
    assert.equal(post.status, 405);

    assert.ok(refusals.some((r) => r.status === 403 && /symlink/.test(r.reason)));
    assert.ok(refusals.some((r) => r.status === 403 && /traversal/.test(r.reason)));
  });

  test('refuses requests for another host on the scheme', async () => {
    const res = await handle(new Request('app://elsewhere/index.html'));
    assert.equal(res.status, 403);
  });
});
