/**
 * Always know where you are: the environment band stays at the top of the window at the bottom
 * of the longest page (Settings), in training and in the bank sandbox; production is refused
 * while unconfigured and the choice says what is missing. French and Spanish; screenshots at
 * 1024×768 and 1920×1080.
 */
import { test, expect, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startHarness, kill, type Harness } from './testing/processes.js';
import { translator, type Translate } from '../shared/i18n/translate.js';

let harness: Harness | null = null;

/** What the window shows at this scroll position (a full-page picture would hide what sticks). */
async function windowSnap(page: Page, info: TestInfo, name: string): Promise<void> {
  const path = join(info.project.outputDir, '..', 'screens', `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path });
  await info.attach(name, { path, contentType: 'image/png' });
}

test.afterEach(async () => {
  if (harness) await kill(harness);
  harness = null;
});

/** Scrolled to the very bottom, the band is still at the top of the window, whole and on top. */
async function expectBandAtTop(page: Page, words: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const band = page.locator('.env-banner');
  await expect(band).toHaveText(words);
  await expect.poll(async () => (await band.boundingBox())?.y).toBe(0);
  const onTop = await band.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('.env-banner') === el;
  });
  expect(onTop, 'nothing covers the band').toBe(true);
}

async function openSettings(page: Page, t: Translate): Promise<void> {
  await page.getByRole('button', { name: t('nav.backoffice') }).click();
  await page.getByRole('tab', { name: t('backoffice.tab.settings') }).click();
  await expect(page.getByRole('heading', { name: t('settings.env.title') })).toBeVisible();
}

for (const language of ['fr', 'es'] as const) {
  test(`the band stays on screen at the bottom of Settings; production refused unconfigured (${language})`, async ({ page }, info) => {
    const t = translator(language);
    harness = await startHarness({ locale: language });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(harness.url);
    await openSettings(page, t);
    await expectBandAtTop(page, t('banner.training'));
    await windowSnap(page, info, `glance-env-${language}-1024-training-bottom`);

    // Production: nothing set, so it cannot be switched on, and the choice says what is missing.
    const production = page.locator('.env-choice').filter({ hasText: t('glance.production.missingSettings') });
    await production.scrollIntoViewIfNeeded();
    await expect(production.getByRole('button', { name: t('settings.env.switchTo', { environment: t('environment.production') }) })).toBeDisabled();
    await windowSnap(page, info, `glance-env-${language}-1024-production-missing`);

    // The sandbox may go live unconfigured (it moves no money): its band stays at the top too.
    await page.getByRole('button', { name: t('settings.env.switchTo', { environment: t('environment.sandbox') }) }).click();
    await expect(page.locator('.env-banner')).toHaveText(t('banner.sandbox'));
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expectBandAtTop(page, t('banner.sandbox'));
    await windowSnap(page, info, `glance-env-${language}-1920-sandbox-bottom`);
    // The counter in the sandbox offers no training terminal.
    await page.getByRole('button', { name: t('nav.counter') }).click();
    await expect(page.locator('#terminal-select option')).toHaveCount(1);
  });
}
