/**
 * A web page on another local origin tries to drive the harness the three ways
 * a browser allows without CORS (fetch no-cors, a text/plain form post,
 * navigator.sendBeacon): charge a card, set the manager PIN, replace the bank
 * settings. Nothing reaches the bank or the settings; the app's own page keeps
 * working.
 */
import { test, expect } from './testing/fixtures.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SECRET_HEADER } from '../harness/browser/guard-names.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { Bank, harnessSecret } from './testing/bank.js';
import { charge, expectHeading, snap } from './testing/cashier.js';

const T = SANDBOX_TERMINALS.fr;

/** The attacker's page: every request a page may send to another origin, to each door, then the test switches. */
function attackPage(target: string, terminalId: string): string {
  const calls = {
    charge: { terminalId, amountMinor: 4200, currency: 'EUR', metadata: {} },
    setManagerPin: { pin: '6666' },
    saveEnvironmentSettings: {
      environment: 'sandbox', apiBaseUrl: 'http://127.0.0.1:9', oauthBaseUrl: 'http://127.0.0.1:9', clientId: 'evil', redirectPort: 53682,
      clientSecret: 'evil-secret',
    },
  };
  return `<!doctype html><html><body><h1>Cheap flights</h1><script>
  const target = ${JSON.stringify(target)};
  const calls = ${JSON.stringify(calls)};
  const sent = [];
  (async () => {
    for (const [method, body] of Object.entries(calls)) {
      const url = target + 'bridge/' + method;
      const json = JSON.stringify(body);
      await fetch(url, { method: 'POST', mode: 'no-cors', body: json }).then(() => sent.push('fetch ' + method), (e) => sent.push('fetch failed ' + e));
      await fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: json }).catch(() => {});
      // A text/plain form posts name=value: the JSON is split so the body still parses as the request.
      const frame = document.createElement('iframe');
      frame.name = 'sink-' + method;
      document.body.append(frame);
      const form = document.createElement('form');
      form.method = 'POST'; form.enctype = 'text/plain'; form.action = url; form.target = frame.name;
      const input = document.createElement('input');
      input.name = json.slice(0, -1) + ', "x": "'; input.value = '"}';
      form.append(input); document.body.append(form);
      await new Promise((done) => { frame.onload = done; form.submit(); });
      sent.push('form ' + method);
      sent.push('beacon ' + method + ' ' + navigator.sendBeacon(url, new Blob([json], { type: 'text/plain' })));
      try { sent.push('json beacon ' + navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }))); } catch (e) { sent.push('json beacon threw'); }
    }
    await fetch(target + '__harness/clock', { method: 'POST', mode: 'no-cors', body: '{"advance_ms":999999}' }).catch(() => {});
    const events = new EventSource(target + 'bridge/events');
    await new Promise((done) => { events.onerror = done; events.onopen = done; });
    sent.push('events ' + events.readyState);
    events.close();
    document.title = 'done: ' + sent.join(' | ');
  })();
  </script></body></html>`;
}

let attacker: Server;
let attackerUrl: string;

test.beforeEach(async ({ harness }) => {
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(attackPage(harness.url, T.approve));
  });
  await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', r));
  attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
});

test.afterEach(async () => {
  await new Promise((r) => attacker.close(r));
});

test('a page on another local origin cannot charge, set the PIN or change the bank settings', async ({ page, context, harness }, info) => {
  const bank = new Bank(harness.bankUrl);
  await bank.setBehaviour(T.approve, 'approve', 500);
  const statuses: number[] = [];
  const harnessOrigin = new URL(harness.url).origin;
  const evil = await context.newPage();
  evil.on('response', (r) => {
    if (r.url().startsWith(harnessOrigin)) statuses.push(r.status());
  });
  await evil.goto(attackerUrl);
  await expect(evil).toHaveTitle(/^done: /, { timeout: 20_000 });
  // Beacons are sent after the page moves on; give them the time a charge would need to reach the bank.
  await evil.waitForTimeout(1500);
  await snap(evil, info, '40-foreign-page');
  // The requests did reach the harness (a test of nothing otherwise), and every one was refused.
  expect(statuses.length).toBeGreaterThanOrEqual(10);
  expect(statuses.every((s) => s === 403)).toBe(true);

  expect(await bank.payments()).toHaveLength(0);
  const settings = await fetch(new URL('/bridge/getSettings', harness.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SECRET_HEADER]: await harnessSecret(harness.url) },
    body: 'null',
  });
  const view = (await settings.json()) as { ok: true; value: { manager: { hasPin: boolean }; environments: { sandbox: { settings: unknown } } } };
  expect(view.value.manager.hasPin).toBe(false);
  expect(view.value.environments.sandbox.settings).toBeNull();

  // The app's own page, open beside it, still takes a sale.
  await page.goto(harness.url);
  await charge(page, '1250', T.approve);
  await expectHeading(page, 'Paid');
  const payments = await bank.payments();
  expect(payments.map((p) => p.amount.value)).toEqual(['12.50']);
});
