/**
 * Longer words must not break the screens: the long pseudo-locale (every
 * message about 40% longer, bracketed) at 1024×768, through the counter sale
 * and the back office, with no button whose text is cut or that leaves the
 * window. And the language a manager picks in Settings takes over the screen.
 */
import { test, expect, type Page } from './testing/fixtures.js';
import { Bank, harnessControl } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { PSEUDO_LANGUAGE } from '../shared/i18n/languages.js';
import { translator, type Translate } from '../shared/i18n/translate.js';

const T = SANDBOX_TERMINALS.fr;

/** Buttons (and tabs) whose text does not fit in them, or that reach past the window's right edge. */
async function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('button, [role="tab"]'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      const outside = r.right > window.innerWidth + 1 || r.left < -1;
      if (cut || outside) out.push(`${(el.textContent ?? '').trim().slice(0, 40)} (${Math.round(r.width)}×${Math.round(r.height)})`);
    }
    return out;
  });
}

async function expectNothingClipped(page: Page, where: string): Promise<void> {
  expect(await clippedButtons(page), `clipped on ${where}`).toEqual([]);
}

async function chargeIn(page: Page, t: Translate, digits: string, terminalId: string): Promise<void> {
  await page.getByRole('button', { name: t('keypad.clear'), exact: true }).click();
  for (const d of digits) await page.getByRole('button', { name: d, exact: true }).click();
  await page.getByLabel(t('terminal.label')).selectOption(terminalId);
  await page.getByRole('button', { name: t('charge.label'), exact: true }).click();
}

test('the long pseudo-locale at 1024×768 clips no button on the counter or on any back-office screen', async ({ page, startHarness }, info) => {
  test.setTimeout(120_000);
  const t = translator(PSEUDO_LANGUAGE);
  await page.setViewportSize({ width: 1024, height: 768 });
  const harness = await startHarness({ locale: PSEUDO_LANGUAGE });
  const bank = new Bank(harness.bankUrl);
  await bank.setBehaviour(T.approve, 'approve', 500);
  await bank.setBehaviour(T.refuse, 'refuse', 500);
  await page.goto(harness.url);
  await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO_LANGUAGE);
  await expect(page.getByText(t('today.title'))).toBeVisible();
  await expectNothingClipped(page, 'the sale entry');
  await snap(page, info, 'pseudo-1-counter');

  await chargeIn(page, t, '1250', T.approve);
  await expect(page.getByRole('heading', { name: t('attempt.heading.authorized') })).toBeVisible();
  await expectNothingClipped(page, 'paid');
  await page.getByRole('button', { name: t('attempt.action.newSale') }).click();

  await chargeIn(page, t, '830', T.refuse);
  await expect(page.getByRole('heading', { name: t('attempt.heading.refused') })).toBeVisible();
  await expectNothingClipped(page, 'refused');
  await page.getByRole('button', { name: t('attempt.action.newSale') }).click();

  await chargeIn(page, t, '4200', T.offline);
  await expect(page.getByRole('heading', { name: t('attempt.heading.accepted') })).toBeVisible();
  await harnessControl(harness.url, 'clock', { advance_ms: 121_000 });
  await expect(page.getByRole('heading', { name: t('attempt.heading.timed_out') })).toBeVisible();
  await expectNothingClipped(page, 'no answer');
  await snap(page, info, 'pseudo-2-no-answer');
  await page.getByRole('button', { name: t('attempt.action.chargeAgain') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNothingClipped(page, 'the charge-again dialog');
  await page.getByRole('dialog').getByRole('button', { name: t('common.cancel') }).click();

  await page.getByRole('button', { name: t('nav.backoffice') }).click();
  for (const tab of BACK_OFFICE_TABS) {
    await page.getByRole('tab', { name: t(tab) }).click();
    await expect(page.getByRole('tab', { name: t(tab), selected: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(t('common.loading'), { exact: true })).toHaveCount(0);
    await expectNothingClipped(page, t(tab));
    await snap(page, info, `pseudo-3-${tab.replace('backoffice.tab.', '')}`);
  }
  // The settings form refused: the longest words are its field messages.
  const environment = t('environment.sandbox');
  const form = page.getByRole('form', { name: t('settings.form.title', { environment }) });
  await form.getByRole('button', { name: t('settings.form.save', { environment }) }).click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  await expectNothingClipped(page, 'the refused settings form');
  await snap(page, info, 'pseudo-4-settings-refused');
});

/** Every tab of the back office, the journal and possible duplicates included. */
const BACK_OFFICE_TABS = [
  'backoffice.tab.terminal', 'backoffice.tab.cards', 'backoffice.tab.clients', 'backoffice.tab.organization',
  'backoffice.tab.journal', 'backoffice.tab.duplicates', 'backoffice.tab.settings',
] as const;

test('a manager picks the register language in Settings; the screen and <html lang> follow', async ({ page, startHarness }, info) => {
  const harness = await startHarness({ locale: null });
  await page.goto(harness.url);
  // The training organization is French: French by default.
  const fr = translator('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: fr('nav.backoffice') }).click();
  await page.getByRole('tab', { name: fr('backoffice.tab.settings') }).click();
  await expect(page.getByLabel(fr('settings.language.label'))).toBeVisible();
  await snap(page, info, 'lang-fr-backoffice-settings');
  await page.getByLabel(fr('settings.language.label')).selectOption('it');
  const it = translator('it');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('tab', { name: it('backoffice.tab.settings') })).toBeVisible();
  await page.getByRole('button', { name: it('nav.counter'), exact: true }).click();
  await expect(page.getByRole('heading', { name: it('today.title') })).toBeVisible();
  await expect(page.getByText('0,00 €').first()).toBeVisible();
});
