/**
 * A sign-in whose return port the bank does not know never calls back: after a short wait the
 * screen says that this is the likely cause and which setting to check, and Cancel ends it at
 * once as cancelled. French and German; the bank is a standalone sandbox; the return port is
 * one the sandbox never registered (so this file never holds the port connect.e2e.ts signs in on).
 */
import { test, expect, type Page } from '@playwright/test';
import { SANDBOX_OAUTH_CLIENT } from '../electron/sandbox/seed-ids.js';
import { externalUrl } from './testing/in-language.js';
import { snap } from './testing/cashier.js';
import { kill, startHarness, startSandboxProcess, type Harness, type Running } from './testing/processes.js';
import { translator, type Translate } from '../shared/i18n/translate.js';

const UNKNOWN_PORT = '53691';
test.describe.configure({ mode: 'serial' });

let sandbox: Running;
let harness: Harness;

test.afterEach(async () => {
  await kill(harness);
  await kill(sandbox);
});

async function sandboxSettings(page: Page, t: Translate, url: string): Promise<void> {
  const label = t('environment.sandbox');
  const form = page.getByRole('form', { name: t('settings.form.title', { environment: label }) });
  await form.getByRole('textbox', { name: t('settings.form.apiBaseUrl'), exact: true }).fill(url);
  await form.getByRole('textbox', { name: t('settings.form.oauthBaseUrl'), exact: true }).fill(url);
  await form.getByRole('textbox', { name: t('settings.form.clientId'), exact: true }).fill(SANDBOX_OAUTH_CLIENT.clientId);
  await form.getByRole('textbox', { name: t('settings.form.clientSecret'), exact: true }).fill(SANDBOX_OAUTH_CLIENT.clientSecret);
  await form.getByRole('textbox', { name: t('settings.form.redirectPort'), exact: true }).fill(UNKNOWN_PORT);
  await form.getByRole('button', { name: t('settings.form.save', { environment: label }) }).click();
  await expect(page.getByText(t('settings.form.saved', { environment: label }))).toBeVisible();
}

for (const language of ['fr', 'de'] as const) {
  test(`an unknown return port is named as the likely cause after a short wait; Cancel cancels at once (${language})`, async ({ page, context }, info) => {
    const t = translator(language);
    sandbox = await startSandboxProcess();
    harness = await startHarness({ locale: language });
    await page.clock.install();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(harness.url);
    await page.getByRole('button', { name: t('nav.backoffice') }).click();
    await page.getByRole('tab', { name: t('backoffice.tab.settings') }).click();
    await sandboxSettings(page, t, sandbox.url);
    await page.getByRole('button', { name: t('settings.env.switchTo', { environment: t('environment.sandbox') }) }).click();
    await expect(page.locator('.env-banner')).toHaveText(t('banner.sandbox'));

    await page.getByRole('button', { name: t('settings.connection.signIn'), exact: true }).click();
    await expect(page.getByText(t('settings.connection.waiting'))).toBeVisible();
    // The bank's page refuses a return address it does not know: nothing ever comes back.
    const bankPage = await context.newPage();
    await bankPage.goto(await externalUrl(harness.url));
    await bankPage.close();
    const uri = `http://127.0.0.1:${UNKNOWN_PORT}/callback`;
    const slow = page.getByText(t('glance.signin.slow', { uri }));
    await expect(slow).toBeHidden();
    await page.clock.runFor(26_000);
    await expect(slow).toBeVisible();
    await slow.scrollIntoViewIfNeeded();
    await snap(page, info, `glance-signin-${language}-1024-slow`);

    await page.getByRole('button', { name: t('settings.connection.cancel') }).click();
    await expect(page.getByText(t('glance.signin.cancelled'))).toBeVisible({ timeout: 3_000 });
    await expect(page.getByText(t('glance.signin.cancelledNext'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('settings.connection.signIn'), exact: true })).toBeEnabled();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, info, `glance-signin-${language}-1920-cancelled`);
  });
}
