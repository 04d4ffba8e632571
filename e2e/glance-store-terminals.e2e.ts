/**
 * Store mode, before Charge: two registers (two harnesses, one PostgreSQL, one sandbox bank).
 * While Caisse 1 waits on a terminal, Caisse 2's picker says it is busy there and for how long,
 * and what Charge would do; once Caisse 1's payment ends, it reads ready again by itself.
 * In French and German; screenshots at 1024×768 and 1920×1080.
 */
import { test, expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { startLocalCluster, type LocalCluster } from '../electron/store/local-cluster.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { startHarness, startSandboxProcess, kill, type Harness, type Running } from './testing/processes.js';
import { Bank } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { keyIn, terminalChoice } from './testing/in-language.js';
import { translator } from '../shared/i18n/translate.js';

const T = SANDBOX_TERMINALS.fr;
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

let cluster: LocalCluster;
let sandbox: Running;
let running: Harness[] = [];

test.beforeAll(async () => { cluster = await startLocalCluster(); });
test.afterAll(async () => { await cluster?.destroy(); });
test.afterEach(async () => {
  for (const h of running) await kill(h);
  running = [];
  await kill(sandbox);
});

for (const language of ['fr', 'de'] as const) {
  test(`a terminal busy at another register says who and how long before Charge (${language})`, async ({ browser }, info) => {
    const t = translator(language);
    const db = `shop_${randomUUID().slice(0, 8)}`;
    cluster.psql(`CREATE DATABASE ${db}`);
    sandbox = await startSandboxProcess();
    const bank = new Bank(sandbox.url);
    await bank.setBehaviour(T.approve, 'approve', 12_000);
    const start = (registerName: string) => startHarness({ apiBaseUrl: sandbox.url, locale: language, store: { url: cluster.url(db), registerName } });
    const [h1, h2] = [await start('Caisse 1'), await start('Caisse 2')];
    running.push(h1, h2);
    const [p1, p2] = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
    await p2.setViewportSize({ width: 1024, height: 768 });
    await Promise.all([p1.goto(h1.url), p2.goto(h2.url)]);

    await keyIn(p1, t, '3300');
    await terminalChoice(p1, t).selectOption(T.approve);
    await p1.getByRole('button', { name: t('charge.label'), exact: true }).click();
    await expect(p1.getByRole('heading', { name: t('attempt.heading.accepted') })).toBeVisible();

    // Nobody presses anything at Caisse 2: the picker learns it from the store by itself.
    await keyIn(p2, t, '1500');
    await terminalChoice(p2, t).selectOption(T.approve);
    const chosen = p2.locator('#terminal-chosen');
    await expect(chosen).toContainText(t('glance.terminal.busyElsewhere', { register: 'Caisse 1', minutes: 0 }), { timeout: 10_000 });
    await expect(chosen).toContainText(t('glance.terminal.chargeWhileBusy', { register: 'Caisse 1' }));
    // Still choosable: the option is there and selected.
    await expect(terminalChoice(p2, t)).toHaveValue(T.approve);
    await snap(p2, info, `glance-store-${language}-1024-busy`);
    await p2.setViewportSize({ width: 1920, height: 1080 });
    await snap(p2, info, `glance-store-${language}-1920-busy`);

    await expect(p1.getByRole('heading', { name: t('attempt.heading.authorized') })).toBeVisible({ timeout: 20_000 });
    await expect(chosen).toContainText(t('glance.terminal.ready'), { timeout: 10_000 });
    expect(await bank.payments()).toHaveLength(1);
  });
}
