import { test } from 'node:test';
import assert from 'node:assert/strict';
import { injectBridge, resolveInside } from './static.js';

test('paths outside the renderer folder are refused', () => {
  assert.equal(resolveInside('/app/dist', '/index.html'), '/app/dist/index.html');
  assert.equal(resolveInside('/app/dist', '/'), '/app/dist/index.html');
  assert.equal(resolveInside('/app/dist', '/assets/a.js?x=1'), '/app/dist/assets/a.js');
  assert.equal(resolveInside('/app/dist', '/../secret'), '/app/dist/secret');
  assert.equal(resolveInside('/app/dist', '/%2e%2e/%2e%2e/etc/passwd'), '/app/dist/etc/passwd');
  assert.equal(resolveInside('/app/dist', '/%E0%A4%A'), null);
});

test('the bridge script is injected before the app bundle', () => {
  const html = '<html><head><script type="module" src="./assets/app.js"></script></head></html>';
  const out = injectBridge(html, 'run-secret"<');
  assert.ok(out.indexOf('/harness-bridge.js') < out.indexOf('./assets/app.js'));
  // The secret sits in a meta tag before the bridge script that reads it, escaped like any text.
  assert.ok(out.indexOf('<meta name="counterpay-harness-secret" content="run-secret&#34;&#60;">') < out.indexOf('/harness-bridge.js'));
});
