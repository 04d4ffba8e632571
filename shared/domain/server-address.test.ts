/** Bank addresses: https everywhere, plain http only for a sandbox on this computer. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { saveEnvironmentSettings } from '../ipc/requests.js';
import { validate } from '../ipc/schema-kit.js';
import { isLoopbackHostname, serverAddressProblem } from './server-address.js';

const request = (environment: string, apiBaseUrl: string, oauthBaseUrl = apiBaseUrl) => validate(saveEnvironmentSettings, {
  environment, apiBaseUrl, oauthBaseUrl, clientId: 'cid', redirectPort: 53682,
});

describe('bank server addresses', () => {
  test('loopback names are only the ones that never leave the computer', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]']) assert.equal(isLoopbackHostname(h), true, h);
    for (const h of ['bank.example', '127.0.0.1.bank.example', 'localhost.bank.example', '10.0.0.1', '0.0.0.0', '[::ffff:7f00:1]', '128.0.0.1']) {
      assert.equal(isLoopbackHostname(h), false, h);
    }
  });

  test('sandbox: https anywhere, http only on loopback', () => {
    assert.equal(serverAddressProblem(new URL('https://sandbox.bank.example'), 'sandbox'), null);
    assert.equal(serverAddressProblem(new URL('http://127.0.0.1:4010'), 'sandbox'), null);
    assert.equal(serverAddressProblem(new URL('http://localhost:4010'), 'sandbox'), null);
    assert.match(serverAddressProblem(new URL('http://sandbox.bank.example'), 'sandbox') ?? '', /https:\/\/.*only for a sandbox on this computer/);
    assert.match(serverAddressProblem(new URL('http://192.168.1.20:4010'), 'sandbox') ?? '', /https:\/\//);
    assert.match(serverAddressProblem(new URL('ftp://127.0.0.1'), 'sandbox') ?? '', /web address/);
  });

  test('production: https only, even on loopback', () => {
    assert.equal(serverAddressProblem(new URL('https://api.bank.example'), 'production'), null);
    assert.match(serverAddressProblem(new URL('http://127.0.0.1:4010'), 'production') ?? '', /in production/);
  });

  test('saving sandbox settings over http:// to another host is refused, naming each field', () => {
    const bad = (request('sandbox', 'http://sandbox.bank.example', 'http://oauth.bank.example'));
    assert.equal(bad.ok, false);
    assert.deepEqual(bad.ok ? [] : bad.issues.map((i) => i.pointer), ['/apiBaseUrl', '/oauthBaseUrl']);
    assert.equal((request('sandbox', 'http://127.0.0.1:4010')).ok, true);
    assert.equal((request('sandbox', 'https://sandbox.bank.example')).ok, true);
  });
});
