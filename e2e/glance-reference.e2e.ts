/**
 * Which sale is on screen: the order reference typed before Charge (or the note's
 * first words) stays on the waiting, paid and refused screens and in Today, in
 * French and German; the idempotency key is one click away under the technical
 * details and is the one the bank received. Screenshots at 1024×768 and 1920×1080.
 */
import { test, expect, type Page } from '@playwright/test';
import { startHarness, kill, type Harness } from './testing/processes.js';
import { Bank } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { chargeWith } from './testing/in-language.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { translator } from '../shared/i18n/translate.js';

const T = SANDBOX_TERMINALS.fr;
const NOTE = 'Gâteau au chocolat pour Mme Dupont, à retirer samedi';
const NOTE_START = 'Gâteau au chocolat pour Mme Dupont…';
let harness: Harness | null = null;

test.afterEach(async () => {
  if (harness) await kill(harness);
  harness = null;
});

const facts = (page: Page) => page.locator('.attempt-facts');

for (const language of ['fr', 'de'] as const) {
  test(`the sale's reference on every screen and in Today (${language}); the key one click away`, async ({ page }, info) => {
    test.setTimeout(90_000);
    const t = translator(language);
    harness = await startHarness({ locale: language });
    const bank = new Bank(harness.bankUrl);
    await bank.setBehaviour(T.approve, 'approve', 2500);
    await bank.setBehaviour(T.refuse, 'refuse', 800);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(harness.url);

    await chargeWith(page, t, '1250', T.approve, { order: 'CMD-1042' });
    await expect(page.getByRole('heading', { name: t('attempt.heading.accepted') })).toBeVisible();
    await expect(facts(page)).toContainText('CMD-1042');
    await snap(page, info, `glance-ref-${language}-1024-waiting`);
    await expect(page.getByRole('heading', { name: t('attempt.heading.authorized') })).toBeVisible({ timeout: 15_000 });
    await expect(facts(page)).toContainText('CMD-1042');
    // The key is folded away until asked for, then reads as the bank's own key.
    const details = page.locator('.attempt-panel .tech-details');
    await expect(details.locator('.mono')).toBeHidden();
    await details.getByText(t('glance.tech.summary')).click();
    const key = (await details.locator('.mono').innerText()).split(/\s/).pop() ?? '';
    expect(key).toMatch(/^[0-9a-f]{8}$/);
    const [paid] = await bank.payments();
    expect(paid!.idempotency_key.startsWith(key)).toBe(true);
    expect(paid!.metadata).toMatchObject({ order_reference: 'CMD-1042' });
    await snap(page, info, `glance-ref-${language}-1024-paid`);
    await page.getByRole('button', { name: t('attempt.action.newSale') }).click();

    await chargeWith(page, t, '830', T.refuse, { note: NOTE });
    await expect(page.getByRole('heading', { name: t('attempt.heading.refused') })).toBeVisible({ timeout: 15_000 });
    await expect(facts(page)).toContainText(t('glance.ref.note', { text: NOTE_START }));
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, info, `glance-ref-${language}-1920-refused`);
    await page.getByRole('button', { name: t('attempt.action.newSale') }).click();

    const today = page.getByRole('region', { name: t('today.title') });
    await expect(today).toContainText(`${t('today.ref')} CMD-1042`);
    await expect(today).toContainText(NOTE_START);
    // Today never shows a key unless its details are opened.
    await expect(today.getByText(new RegExp(key))).toBeHidden();
    await snap(page, info, `glance-ref-${language}-1920-today`);
    await page.setViewportSize({ width: 1024, height: 768 });
    await snap(page, info, `glance-ref-${language}-1024-today`);
  });
}
