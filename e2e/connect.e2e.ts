/**
 * Connecting a bank account end to end: a manager protects the settings with a
 * PIN, enters the bank-sandbox settings (a standalone sandbox with a staging
 * token plays the bank), signs in through the bank's consent page in a second
 * browser tab, takes a payment on the counter, and signs out; and each way a sign-in fails.
 */
import { test, expect, type Page } from './testing/fixtures.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_OAUTH_CLIENT, SANDBOX_ORGS, SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { Bank, harnessFetch } from './testing/bank.js';
import { charge, expectHeading, snap, typeAmount } from './testing/cashier.js';
import { kill, startSandboxProcess, type Harness } from './testing/processes.js';
import { translator, type Translate } from '../shared/i18n/translate.js';
import { tlsFront } from './testing/tls-proxy.js';

const STAGING_TOKEN = 'e2e-staging-token-7f3a';
const PIN = '2468';
// The sandbox's registered client has a fixed redirect port, as a real bank registration does: one test at a time.
test.describe.configure({ mode: 'serial' });

test.use({ sandboxOptions: { stagingToken: STAGING_TOKEN } });

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
}

/** What the system browser was asked to open, as the harness recorded it. */
async function externalUrl(harness: Harness): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await harnessFetch(harness.url, 'external-url');
    const { url } = (await res.json()) as { url: string | null };
    if (url) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app never opened the bank sign-in page');
}

test('a manager connects the bank sandbox, a sale is paid there, and sign-out ends the session', async ({ page, context, harness, sandbox }, info) => {
  const bank = new Bank(sandbox.url);
  await page.goto(harness.url);
  // Out of the box: training. Back office waits for the app state (Deprecations loops while it is null).
  await expect(page.locator('.org-name')).toHaveText(SANDBOX_ORGS.fr.name);
  await openSettings(page);
  await expect(page.getByText('No manager PIN is set')).toBeVisible();
  await snap(page, info, '20-settings-first-run');

  const pinForm = page.getByRole('form', { name: 'Set the manager PIN' });
  await pinForm.getByLabel('New PIN', { exact: true }).fill(PIN);
  await pinForm.getByLabel('Repeat the new PIN').fill(PIN);
  await pinForm.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByText('Manager PIN set')).toBeVisible();
  // The top bar hears of the PIN from main's event, which may come after that answer (and so after the lock's, reopening the view for a moment).
  await expect(page.getByRole('navigation').getByRole('button', { name: /^Lock/ })).toBeVisible();
  // Locking sends the register back to the cashier's view; the back office then asks for the PIN.
  await page.getByRole('button', { name: 'Lock now' }).click();
  await expect(page.getByRole('region', { name: 'Amount' })).toBeVisible();
  await page.getByRole('button', { name: /Back office/ }).click();
  const prompt = page.getByRole('dialog', { name: 'Manager PIN' });
  await prompt.getByLabel('Manager PIN', { exact: true }).fill('0000');
  await prompt.getByRole('button', { name: 'Unlock' }).click();
  await expect(prompt.getByText(/Type it again carefully: 4 attempts left/)).toBeVisible();
  await snap(page, info, '22-manager-pin-prompt');
  await prompt.getByLabel('Manager PIN', { exact: true }).fill(PIN);
  await prompt.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText(/Unlocked: the manager view locks itself/)).toBeVisible();

  const form = page.getByRole('form', { name: 'Bank sandbox settings' });
  await form.getByLabel('API address').fill(sandbox.url);
  await form.getByLabel('Sign-in server address').fill(sandbox.url);
  await form.getByLabel('Client ID').fill(SANDBOX_OAUTH_CLIENT.clientId);
  await form.getByLabel('Client secret').fill(SANDBOX_OAUTH_CLIENT.clientSecret);
  await form.getByLabel('Staging token').fill(STAGING_TOKEN);
  await expect(form.getByText('Register exactly http://127.0.0.1:53682/callback at the bank')).toBeVisible();
  await snap(page, info, '21-settings-bank-sandbox-form');
  await form.getByRole('button', { name: 'Save the Bank sandbox settings' }).click();

  await expect(page.getByText('Bank sandbox settings saved')).toBeVisible();
  await expect(form.getByLabel('Client secret')).toHaveValue('');
  await expect(form.getByText('A secret is stored. Leave empty to keep it.').first()).toBeVisible();

  await page.getByRole('button', { name: 'Switch to Bank sandbox' }).click();
  await expect(page.getByText('Bank sandbox is now live')).toBeVisible();
  await expect(page.getByText('BANK SANDBOX', { exact: true })).toBeVisible();
  await expect(page.getByText('Signed out of the bank', { exact: false }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/Waiting for the bank’s sign-in page/)).toBeVisible();
  await snap(page, info, '23-settings-waiting-for-browser');

  // The "system browser": the bank's consent page in another tab.
  const browser = await context.newPage();
  await browser.goto(await externalUrl(harness));
  await expect(browser.getByRole('heading', { name: /authorize counterpay-desktop/ })).toBeVisible();
  await snap(browser, info, '24-bank-consent-page');
  await browser.getByRole('button', { name: 'Approve' }).click();
  await expect(browser.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await expect(browser.getByText('You can close this tab and return to Counterpay.')).toBeVisible();
  await snap(browser, info, '25-loopback-signed-in');
  await browser.close();

  await expect(page.getByText('Signed in to the bank')).toBeVisible();
  await expect(page.locator('.org-name')).toHaveText(SANDBOX_ORGS.fr.name);
  await snap(page, info, '26-settings-signed-in');

  await page.getByRole('button', { name: 'Counter' }).click();
  await expect(page.getByLabel('Terminal')).toBeEnabled();
  await charge(page, '1250', SANDBOX_TERMINALS.fr.approve, 'SANDBOX-1');
  await expectHeading(page, 'Paid');
  await snap(page, info, '27-counter-paid-in-bank-sandbox');
  const payments = await bank.payments();
  expect(payments).toHaveLength(1);
  expect(payments[0]!.amount).toEqual({ value: '12.50', currency: 'EUR' });
  // The sale is journaled in the sandbox's own folder, never with training sales.
  expect(readdirSync(join(harness.dataDir, 'sandbox', 'journal')).length).toBeGreaterThan(0);
  expect(existsSync(join(harness.dataDir, 'training', 'journal'))).toBe(true);

  await openSettings(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Signed out of the bank').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.locator('.org-name')).toHaveText(/not signed in/);
  await snap(page, info, '28-settings-signed-out');

  await page.getByRole('button', { name: 'Counter' }).click();
  await page.getByRole('button', { name: 'New sale' }).click();
  await typeAmount(page, '500');
  await expect(page.getByText(/not connected to the bank/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Charge' })).toBeDisabled();
  await expect(page.getByText('A manager must sign in to the bank (Back office → Settings).')).toBeVisible();
  await snap(page, info, '29-counter-signed-out');
  expect(await bank.payments()).toHaveLength(1);
});

/** In the settings, opened in `t`'s language: one environment's bank form, filled with the sandbox's registered client at `url`. */
async function bankSettings(page: Page, t: Translate, environment: 'sandbox' | 'production', url: string) {
  await page.getByRole('button', { name: t('nav.backoffice') }).click();
  await page.getByRole('tab', { name: t('backoffice.tab.settings') }).click();
  const label = t(environment === 'sandbox' ? 'environment.sandbox' : 'environment.production');
  const form = page.getByRole('form', { name: t('settings.form.title', { environment: label }) });
  const field = (id: Parameters<Translate>[0]) => form.getByRole('textbox', { name: t(id), exact: true });
  const save = async () => {
    await form.getByRole('button', { name: t('settings.form.save', { environment: label }) }).click();
    await expect(page.getByText(t('settings.form.saved', { environment: label }))).toBeVisible();
  };
  await field('settings.form.apiBaseUrl').fill(url);
  await field('settings.form.oauthBaseUrl').fill(url);
  await field('settings.form.clientId').fill(SANDBOX_OAUTH_CLIENT.clientId);
  await field('settings.form.clientSecret').fill(SANDBOX_OAUTH_CLIENT.clientSecret);
  return { label, field, save };
}

/**
 * Each sign-in failure with its own sentence naming the field to check, in French and German,
 * and the browser's page never saying "Signed in": a wrong staging token, a wrong client
 * secret, then a bank that stops answering between the consent page and the token exchange.
 * In this file because the sandbox's registered return port is one (53682): its tests run one at a time.
 */
for (const language of ['fr', 'de'] as const) {
  test(`each sign-in failure names its field, and the browser never says signed in (${language})`, async ({ page, context, startHarness, sandbox }, info) => {
    const t = translator(language);
    const harness = await startHarness({ locale: language });
    await page.goto(harness.url);
    const { label, field, save } = await bankSettings(page, t, 'sandbox', sandbox.url);
    await field('settings.form.stagingToken').fill('not-the-staging-token');
    await save();
    await page.getByRole('button', { name: t('settings.env.switchTo', { environment: label }) }).click();
    await expect(page.locator('.env-banner')).toHaveText(t('banner.sandbox'));

    /** Signs in through the bank's page; `beforeReturn` runs while the browser is on its way back to Counterpay. */
    const signIn = async (beforeReturn?: () => Promise<void>) => {
      await page.getByRole('button', { name: t('settings.connection.signIn'), exact: true }).click();
      const browser = await context.newPage();
      if (beforeReturn) {
        // The approval's answer is the redirect back to Counterpay: taken from the bank, then the bank goes, then the browser follows it.
        await browser.route((url) => url.href.startsWith(sandbox.url), async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          const answer = await route.fetch({ maxRedirects: 0 });
          await beforeReturn();
          await route.fulfill({ response: answer });
        });
      }
      await browser.goto(await externalUrl(harness));
      await browser.getByRole('button', { name: 'Approve' }).click();
      await expect(browser.getByRole('heading', { name: t('signin.page.failure.title') })).toBeVisible();
      await expect(browser.getByRole('heading', { name: t('signin.page.success.title') })).toHaveCount(0);
      await browser.close();
    };
    const failure = async (next: Parameters<Translate>[0], shot: string) => {
      const words = page.getByText(t(next));
      await expect(words).toBeVisible();
      await words.scrollIntoViewIfNeeded();
      await snap(page, info, `glance-signin-${language}-${shot}`);
    };

    await signIn();
    await failure('glance.signin.wrongStagingToken', 'wrong-staging-token');

    await field('settings.form.stagingToken').fill(STAGING_TOKEN);
    await field('settings.form.clientSecret').fill('not-the-client-secret');
    await save();
    await signIn();
    await failure('glance.signin.wrongClientSecret', 'wrong-client-secret');

    await field('settings.form.clientSecret').fill(SANDBOX_OAUTH_CLIENT.clientSecret);
    await save();
    // The bank's page answered, then the bank went away before Counterpay could exchange the code.
    await signIn(() => kill(sandbox));
    await failure('glance.signin.bankUnreachable', 'bank-not-answering');
  });
}

test('production, signed in before it is switched on, shows its own band: the organization and "live" (fr)', async ({ page, browser, startHarness }, info) => {
  const t = translator('fr');
  // Production's bank is the standalone sandbox without a staging token (a real bank's production has none), behind https.
  const sandbox = await startSandboxProcess();
  const bank = await tlsFront(sandbox.url);
  process.env.NODE_EXTRA_CA_CERTS = bank.caFile;
  try {
    const harness = await startHarness({ locale: 'fr' });
    delete process.env.NODE_EXTRA_CA_CERTS;
    await page.goto(harness.url);
    const { label, save } = await bankSettings(page, t, 'production', bank.url);
    await save();

    await page.getByRole('button', { name: t('glance.production.signIn') }).click();
    // The system browser trusts the bank's certificate as the app does.
    const system = await browser.newContext({ ignoreHTTPSErrors: true });
    const bankPage = await system.newPage();
    await bankPage.goto(await externalUrl(harness));
    await bankPage.getByRole('button', { name: 'Approve' }).click();
    await expect(bankPage.getByRole('heading', { name: t('signin.page.success.title') })).toBeVisible();
    await system.close();
    await expect(page.getByText(t('glance.production.signedIn'))).toBeVisible();

    await page.getByRole('button', { name: t('settings.env.switchTo', { environment: label }) }).click();
    await page.getByRole('button', { name: t('settings.env.confirm') }).click();
    const band = page.locator('.env-banner');
    await expect(band).toHaveText(t('glance.banner.live', { organization: SANDBOX_ORGS.fr.name }));
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: t('nav.counter') }).click();
    await snap(page, info, 'glance-production-fr-1024-band');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, info, 'glance-production-fr-1920-band');
  } finally {
    delete process.env.NODE_EXTRA_CA_CERTS;
    await bank.close();
    await kill(sandbox);
  }
});
