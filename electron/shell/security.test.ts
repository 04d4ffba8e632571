import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  CONTENT_SECURITY_POLICY,
  UNTRUSTED_SENDER_RESULT,
  appResponseHeaders,
  dataDirFromEnv,
  externalUrlToOpen,
  isAllowedNavigation,
  isTrustedSender,
  mimeTypeOf,
  originOf,
  resolveAppPath,
} from './security.js';

const ROOT = '/opt/counterpay/dist/renderer';

describe('CONTENT_SECURITY_POLICY', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

  test('allows scripts only from our own origin: no inline, no eval', () => {
    assert.deepEqual(directives.get('script-src'), ["'self'"]);
    assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe-inline|unsafe-eval|\*/);
  });

  test('has the directives the renderer meta tag has, and forbids plugins, frames and base rewriting', () => {
    for (const name of ['default-src', 'style-src', 'img-src', 'connect-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors']) {
      assert.ok(directives.has(name), `missing ${name}`);
    }
    assert.deepEqual(directives.get('object-src'), ["'none'"]);
    assert.deepEqual(directives.get('frame-src'), ["'none'"]);
    assert.deepEqual(directives.get('base-uri'), ["'none'"]);
    assert.deepEqual(directives.get('connect-src'), ["'self'"]);
  });
});

describe('originOf', () => {
  test('builds the origin of app: URLs, which Node reports as opaque', () => {
    assert.equal(originOf('app://counterpay/index.html'), APP_ORIGIN);
    assert.equal(originOf('APP://Counterpay/x'), APP_ORIGIN);
    assert.equal(originOf('https://bank.example:8443/a?b'), 'https://bank.example:8443');
  });

  test('has no origin for garbage, credentials or host-less URLs', () => {
    assert.equal(originOf('not a url'), null);
    assert.equal(originOf('app://user:pw@counterpay/'), null);
    assert.equal(originOf('about:blank'), null);
    assert.equal(originOf('file:///etc/passwd'), null);
  });
});

describe('isAllowedNavigation', () => {
  test('allows our own pages', () => {
    assert.equal(isAllowedNavigation(APP_ENTRY_URL), true);
    assert.equal(isAllowedNavigation('app://counterpay/#/backoffice'), true);
  });

  test('refuses everything else', () => {
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:53682/callback',
      'file:///etc/passwd',
      'app://counterpay.evil.example/',
      'app://other/',
      'app://counterpay:8080/',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'about:blank',
      '',
    ]) {
      assert.equal(isAllowedNavigation(url), false, url);
    }
  });
});

describe('externalUrlToOpen', () => {
  test('hands https links to the system browser', () => {
    assert.equal(externalUrlToOpen('https://bank.example/help?q=1'), 'https://bank.example/help?q=1');
  });

  test('drops every other scheme and credential-bearing links', () => {
    for (const url of ['http://bank.example/', 'file:///C:/Windows/System32/calc.exe', 'smb://host/share', 'javascript:alert(1)', 'https://u:p@bank.example/', 'nonsense']) {
      assert.equal(externalUrlToOpen(url), null, url);
    }
  });
});

describe('isTrustedSender', () => {
  test('accepts the main frame of our window showing our origin', () => {
    assert.equal(isTrustedSender({ url: APP_ENTRY_URL, isMainFrame: true }), true);
    assert.equal(isTrustedSender({ url: 'https://x.example/', isMainFrame: true }, 'https://x.example'), true);
  });

  test('refuses missing frames, subframes and other origins', () => {
    assert.equal(isTrustedSender(null), false);
    assert.equal(isTrustedSender(undefined), false);
    assert.equal(isTrustedSender({ url: APP_ENTRY_URL, isMainFrame: false }), false);
    assert.equal(isTrustedSender({ url: 'https://evil.example/', isMainFrame: true }), false);
    assert.equal(isTrustedSender({ url: 'file:///dist/renderer/index.html', isMainFrame: true }), false);
    assert.equal(isTrustedSender({ url: '', isMainFrame: true }), false);
  });

  test('the refusal is a typed forbidden IpcResult', () => {
    assert.equal(UNTRUSTED_SENDER_RESULT.ok, false);
    if (!UNTRUSTED_SENDER_RESULT.ok) assert.equal(UNTRUSTED_SENDER_RESULT.error.code, 'forbidden');
  });
});

describe('resolveAppPath', () => {
  const ok = (url: string) => {
    const r = resolveAppPath(ROOT, url);
    assert.ok(r.ok, `${url} should resolve, got ${JSON.stringify(r)}`);
    return r.filePath;
  };
  const refused = (url: string) => {
    const r = resolveAppPath(ROOT, url);
    assert.ok(!r.ok, `${url} should be refused, got ${JSON.stringify(r)}`);
    return r.status;
  };

  test('maps files under the root, and / to index.html', () => {
    assert.equal(ok('app://counterpay/'), path.join(ROOT, 'index.html'));
    assert.equal(ok('app://counterpay/index.html'), path.join(ROOT, 'index.html'));
    assert.equal(ok('app://counterpay/assets/index-abc.js?v=1#x'), path.join(ROOT, 'assets', 'index-abc.js'));
    assert.equal(ok('app://counterpay/assets/'), path.join(ROOT, 'assets', 'index.html'));
    assert.equal(ok('app://counterpay/fonts/My%20Font.woff2'), path.join(ROOT, 'fonts', 'My Font.woff2'));
  });

  test('URL-level dot segments are normalised by the parser and stay inside the root', () => {
    assert.equal(ok('app://counterpay/../../etc/passwd'), path.join(ROOT, 'etc', 'passwd'));
    assert.equal(ok('app://counterpay/%2e%2e/%2e%2e/etc/passwd'), path.join(ROOT, 'etc', 'passwd'));
  });

  test('refuses traversal hidden behind encoded separators', () => {
    assert.equal(refused('app://counterpay/..%2f..%2fetc%2fpasswd'), 403);
    assert.equal(refused('app://counterpay/assets/..%2F..%2F..%2Fsecret'), 403);
    assert.equal(refused('app://counterpay/%2e%2e%2fpackage.json'), 403);
  });

  test('refuses Windows separators, drive letters, NUL and bad encoding', () => {
    assert.equal(refused('app://counterpay/..%5c..%5cwindows%5cwin.ini'), 400);
    assert.equal(refused('app://counterpay/C:%2fWindows%2fwin.ini'), 400);
    assert.equal(refused('app://counterpay/index.html%00.png'), 400);
    assert.equal(refused('app://counterpay/%E0%A4%A'), 400);
  });

  test('refuses other origins and non-URLs', () => {
    assert.equal(refused('app://other/index.html'), 403);
    assert.equal(refused('file:///opt/counterpay/dist/renderer/index.html'), 403);
    assert.equal(refused('https://counterpay/index.html'), 403);
    assert.equal(refused('::::'), 400);
  });
});

describe('mimeTypeOf and appResponseHeaders', () => {
  test('knows what Vite emits; unknown files are opaque bytes', () => {
    assert.equal(mimeTypeOf('/a/index.html'), 'text/html; charset=utf-8');
    assert.equal(mimeTypeOf('/a/assets/x.JS'), 'text/javascript; charset=utf-8');
    assert.equal(mimeTypeOf('/a/assets/x.css'), 'text/css; charset=utf-8');
    assert.equal(mimeTypeOf('/a/logo.svg'), 'image/svg+xml');
    assert.equal(mimeTypeOf('/a/f.woff2'), 'font/woff2');
    assert.equal(mimeTypeOf('/a/x.exe'), 'application/octet-stream');
    assert.equal(mimeTypeOf('/a/Makefile'), 'application/octet-stream');
  });

  test('every response carries the CSP and nosniff', () => {
    const h = appResponseHeaders('text/html; charset=utf-8');
    assert.equal(h['Content-Security-Policy'], CONTENT_SECURITY_POLICY);
    assert.equal(h['X-Content-Type-Options'], 'nosniff');
    assert.equal(h['Content-Type'], 'text/html; charset=utf-8');
  });
});

describe('dataDirFromEnv', () => {
  test('unset means the platform default (userData)', () => {
    assert.deepEqual(dataDirFromEnv({}), { ok: true, dir: null });
    assert.deepEqual(dataDirFromEnv({ COUNTERPAY_DATA_DIR: '' }), { ok: true, dir: null });
  });

  test('takes an absolute folder, normalised', () => {
    assert.deepEqual(dataDirFromEnv({ COUNTERPAY_DATA_DIR: '/tmp/cp//a/../b' }), { ok: true, dir: path.resolve('/tmp/cp/b') });
  });

  test('refuses a relative folder with a message naming the variable', () => {
    const r = dataDirFromEnv({ COUNTERPAY_DATA_DIR: 'data' });
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.message, /COUNTERPAY_DATA_DIR must be an absolute path/);
  });
});
