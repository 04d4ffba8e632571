/**
 * The whole counter sale in each of the bank's five languages: paid, refused
 * with its reason and next step, no answer. Expected words come from the
 * catalogs themselves, so a screen that falls back to English or shows a bank
 * code fails here. One screenshot per language and outcome, for people to read.
 */
import { test, expect, type Page } from './testing/fixtures.js';
import { Bank, harnessControl } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { LANGUAGES } from '../shared/i18n/languages.js';
import { translator, type Translate } from '../shared/i18n/translate.js';
import { refusalWords } from '../shared/i18n/bank-words.js';

const T = SANDBOX_TERMINALS.fr;
/** What the training bank's refusing terminal answers unless told otherwise. */
const REFUSAL_REASON = 'insufficient_funds';

async function chargeIn(page: Page, t: Translate, digits: string, terminalId: string): Promise<void> {
  await page.getByRole('button', { name: t('keypad.clear'), exact: true }).click();
  for (const d of digits) await page.getByRole('button', { name: d, exact: true }).click();
  await page.getByLabel(t('terminal.label')).selectOption(terminalId);
  await page.getByRole('button', { name: t('charge.label'), exact: true }).click();
}

const heading = (page: Page, t: Translate, id: Parameters<Translate>[0]) =>
  expect(page.getByRole('heading', { name: t(id) })).toBeVisible({ timeout: 15_000 });

/** No word of English and no bank code where the cashier looks. */
async function expectNoEnglishOrCodes(page: Page, language: string): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const raw of [REFUSAL_REASON, 'cartebancaire', 'Reason:']) expect(text).not.toContain(raw);
  if (language === 'en') return;
  for (const english of ['Charge', 'Paid', 'Refused', 'New sale', 'Try again', 'Amount', 'Today', 'Register', 'Back office']) {
    expect(text, `"${english}" on the ${language} counter`).not.toMatch(new RegExp(`\\b${english}\\b`));
  }
}

for (const language of LANGUAGES) {
  test(`the counter sale in ${language}: paid, refused with its reason, no answer`, async ({ page, startHarness }, info) => {
    test.setTimeout(90_000);
    const t = translator(language);
    const harness = await startHarness({ locale: language });
    const bank = new Bank(harness.bankUrl);
    await bank.setBehaviour(T.approve, 'approve', 800);
    await bank.setBehaviour(T.refuse, 'refuse', 800);
    await page.goto(harness.url);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('button', { name: t('nav.counter'), exact: true })).toBeVisible();

    await chargeIn(page, t, '1250', T.approve);
    await heading(page, t, 'attempt.heading.authorized');
    await expectNoEnglishOrCodes(page, language);
    await snap(page, info, `lang-${language}-1-paid`);
    await page.getByRole('button', { name: t('attempt.action.newSale') }).click();

    await chargeIn(page, t, '830', T.refuse);
    await heading(page, t, 'attempt.heading.refused');
    await expect(page.getByText(refusalWords(t, REFUSAL_REASON))).toBeVisible();
    await expectNoEnglishOrCodes(page, language);
    await snap(page, info, `lang-${language}-2-refused`);
    await page.getByRole('button', { name: t('attempt.action.newSale') }).click();

    await chargeIn(page, t, '4200', T.offline);
    await heading(page, t, 'attempt.heading.accepted');
    await harnessControl(harness.url, 'clock', { advance_ms: 121_000 });
    await heading(page, t, 'attempt.heading.timed_out');
    await expect(page.getByText(t('attempt.timedOut.detail'))).toBeVisible();
    await expectNoEnglishOrCodes(page, language);
    await snap(page, info, `lang-${language}-3-no-answer`);

    // The day's list writes amounts the language's way (12,50 € / €12.50 / 12,50 €).
    const amount = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(12.5);
    await expect(page.getByRole('region', { name: t('today.title') })).toContainText(amount);
    expect(await bank.payments()).toHaveLength(3);
  });
}
