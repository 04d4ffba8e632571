/**
 * The store set up in Settings, as a manager does it, in English and in French (words from the
 * catalogs): a wrong password is named and the register keeps working alone; the right address
 * connects and the register's name shows in the top bar; the address (it carries the password)
 * never reaches the page, an answer of the core, its output or the data folder in plain text.
 * Then the counter's notices for a store that refuses this register, and one that went away.
 */
import { test, expect, type Page, type Response } from './testing/fixtures.js';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { LocalCluster } from '../electron/store/local-cluster.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { translator, type Translate } from '../shared/i18n/translate.js';
import { EVENT_NAMES } from '../shared/ipc/contract.js';
import { kill } from './testing/processes.js';
import { Bank } from './testing/bank.js';
import { snap } from './testing/cashier.js';

const T = SANDBOX_TERMINALS.fr;
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

/** A fresh database owned by its own role, and its URL with that role's password. */
function shopStore(cluster: LocalCluster, password: string): string {
  const db = `shop_${randomUUID().slice(0, 8)}`;
  const role = `caisse_${randomUUID().slice(0, 8)}`;
  cluster.psql(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'; CREATE DATABASE ${db} OWNER ${role}`);
  const url = new URL(cluster.url(db));
  url.username = role;
  url.password = password;
  return url.toString();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

async function openStoreSettings(page: Page, t: Translate) {
  await page.getByRole('button', { name: t('nav.backoffice'), exact: true }).click();
  await page.getByRole('tab', { name: t('backoffice.tab.settings') }).click();
  const panel = page.getByRole('region', { name: t('store.title') });
  await expect(panel).toBeVisible();
  return panel;
}

for (const language of ['en', 'fr'] as const) {
  test(`a manager sets the store in Settings (${language}): a wrong password is named, the register keeps working alone; the right one connects; the address never shows`, async ({ page, startHarness: harness, store: pg }, info) => {
    const t = translator(language);
    const password = `pw-${randomUUID()}`;
    const url = shopStore(pg.cluster, password);
    const wrong = new URL(url);
    wrong.password = 'not-the-password';
    const h = await harness({ locale: language });
    await new Bank(h.bankUrl).setBehaviour(T.approve, 'approve', 300);
    const answers: Promise<string>[] = [];
    // The core's answers (POST /bridge/<method>); its pushed events are recorded in the page below.
    page.on('response', (r: Response) => { if (r.request().method() === 'POST' && r.url().includes('/bridge/')) answers.push(r.text().catch(() => '')); });
    await page.goto(h.url);
    await page.evaluate((names) => {
      const w = window as unknown as { counterpay: { on(e: string, l: (p: unknown) => void): void }; pushed: string[] };
      w.pushed = [];
      for (const n of names) w.counterpay.on(n, (p) => w.pushed.push(JSON.stringify(p)));
    }, [...EVENT_NAMES]);

    let panel = await openStoreSettings(page, t);
    await expect(panel.getByText(t('store.status.alone'))).toBeVisible();
    await snap(page, info, `store-settings-${language}-1-alone`);
    await panel.getByLabel(t('store.form.url')).fill(wrong.toString());
    await panel.getByLabel(t('store.form.name')).fill('Caisse 1');
    await panel.getByRole('button', { name: t('store.form.save') }).click();
    await expect(panel.getByRole('alert').filter({ hasText: t('store.problem.wrong_password') })).toBeVisible();
    await expect(panel.getByRole('alert').filter({ hasText: t('store.save.failed') })).toBeVisible();
    await snap(page, info, `store-settings-${language}-2-wrong-password`);

    // Still working alone: a sale goes through at once, nothing asked of any store.
    await page.getByRole('button', { name: t('nav.counter'), exact: true }).click();
    await page.getByRole('button', { name: t('keypad.clear'), exact: true }).click();
    for (const d of '700') await page.getByRole('button', { name: d, exact: true }).click();
    await page.getByLabel(t('terminal.label')).selectOption(T.approve);
    await page.getByRole('button', { name: t('charge.label'), exact: true }).click();
    await expect(page.getByRole('heading', { name: t('attempt.heading.authorized') })).toBeVisible();

    panel = await openStoreSettings(page, t);
    await panel.getByLabel(t('store.form.url')).fill(url);
    await panel.getByLabel(t('store.form.name')).fill('Caisse 1');
    await panel.getByRole('button', { name: t('store.form.save') }).click();
    await expect(panel.getByRole('status').filter({ hasText: t('store.form.saved') })).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByText(t('store.status.connected'))).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('header').getByText('Caisse 1', { exact: true })).toBeVisible();
    await expect(panel.getByLabel(t('store.form.url'))).toHaveValue('');
    await snap(page, info, `store-settings-${language}-3-connected`);

    await panel.getByRole('button', { name: t('store.stop') }).click();
    await expect(panel.getByRole('alertdialog')).toContainText(t('store.stop.confirm'));
    await snap(page, info, `store-settings-${language}-4-stop-confirm`);
    await panel.getByRole('button', { name: t('store.stop.yes') }).click();
    await expect(panel.getByRole('status').filter({ hasText: t('store.stop.done') })).toBeVisible();
    await expect(panel.getByText(t('store.status.alone'))).toBeVisible();
    await expect(page.locator('header').getByText('Caisse 1', { exact: true })).toBeHidden();

    // The secret: typed once, then never in the page, the core's answers, its output or its files in plain text.
    expect(await page.content()).not.toContain(password);
    const bodies = await Promise.all(answers);
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of bodies) expect(body).not.toContain(password);
    const pushed = await page.evaluate(() => (window as unknown as { pushed: string[] }).pushed);
    expect(pushed.some((p) => p.includes('Caisse 1')), 'the events carried the store view').toBe(true);
    for (const p of pushed) expect(p).not.toContain(password);
    expect(h.output()).not.toContain(password);
    for (const file of filesUnder(h.dataDir)) expect(readFileSync(file, 'latin1'), file).not.toContain(password);
  });
}

test('the counter and Settings name a store set at start that refuses the register, read-only (en, fr)', async ({ browser, startHarness: harness, store: pg }, info) => {
  const { cluster } = pg;
  const newer = `newer_${randomUUID().slice(0, 8)}`;
  cluster.psql(`CREATE DATABASE ${newer}`);
  cluster.psql('CREATE TABLE counterpay_schema (singleton boolean PRIMARY KEY DEFAULT true, version integer NOT NULL); INSERT INTO counterpay_schema (version) VALUES (999)', newer);
  for (const language of ['en', 'fr'] as const) {
    const t = translator(language);
    const h = await harness({ locale: language, store: { url: cluster.url(newer), registerName: 'Caisse 2' } });
    const page = await (await browser.newContext()).newPage();
    await page.goto(h.url);
    const notice = page.getByRole('alert').filter({ hasText: t('store.notice.refusedTitle') });
    await expect(notice).toContainText(t('store.problem.newer_schema'), { timeout: 20_000 });
    await expect(notice).toContainText(t('store.notice.confirmFirst'));
    await snap(page, info, `store-counter-${language}-refused`);
    const panel = await openStoreSettings(page, t);
    await expect(panel.getByText(t('store.source.environment'))).toBeVisible();
    await expect(panel.getByLabel(t('store.form.url'))).toHaveCount(0);
    await snap(page, info, `store-settings-${language}-5-set-at-start-refused`);
    await kill(h);
  }
});

test('the counter says when the store went away (en, fr)', async ({ browser, startHarness: harness, store: pg }, info) => {
  const { cluster } = pg;
  const db = `gone_${randomUUID().slice(0, 8)}`;
  cluster.psql(`CREATE DATABASE ${db}`);
  const pages: [Page, Translate, string][] = [];
  for (const language of ['en', 'fr'] as const) {
    const h = await harness({ locale: language, store: { url: cluster.url(db), registerName: `Caisse ${language}` } });
    const page = await (await browser.newContext()).newPage();
    await page.goto(h.url);
    await expect(page.getByText(`Caisse ${language}`, { exact: true })).toBeVisible();
    pages.push([page, translator(language), language]);
  }
  await cluster.kill();
  try {
    for (const [page, t, language] of pages) {
      // The register learns it at its next use of the store: the charge asks for the terminal's lease.
      await page.getByRole('button', { name: t('keypad.clear'), exact: true }).click();
      for (const d of '500') await page.getByRole('button', { name: d, exact: true }).click();
      await page.getByLabel(t('terminal.label')).selectOption(T.approve);
      await page.getByRole('button', { name: t('charge.label'), exact: true }).click();
      // The charge's own refusal may share the title: the notice is the alert with the counter's advice.
      const notice = page.getByRole('alert').filter({ hasText: t('store.notice.confirmFirst') });
      await expect(notice).toContainText(t('store.notice.downTitle'), { timeout: 30_000 });
      await expect(notice).toContainText(t('store.problem.link_down'));
      await snap(page, info, `store-counter-${language}-down`);
    }
  } finally {
    await cluster.start();
  }
});
