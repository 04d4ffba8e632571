/**
 * Which terminal, before Charge: each terminal's state in the picker (ready, no answer
 * the last time with when), "Check again" saying when it asked, F4 reaching the choice,
 * and a 47-character name refused in words, the 30-character one shown in full at 1024 px.
 * In French and Italian; screenshots at 1024×768 and 1920×1080.
 */
import { test, expect } from '@playwright/test';
import { startHarness, kill, type Harness } from './testing/processes.js';
import { Bank, harnessControl } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { keyIn, terminalChoice } from './testing/in-language.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { translator, type Translate } from '../shared/i18n/translate.js';

const T = SANDBOX_TERMINALS.fr;
const LONG_NAME = 'Terminal du comptoir principal près de la vitrine'.slice(0, 47);
const FULL_NAME = 'Comptoir principal vitrine 01';
let harness: Harness | null = null;

test.afterEach(async () => {
  if (harness) await kill(harness);
  harness = null;
});

/** The part of a message before its first argument: enough to find it whatever the time. */
const opening = (t: Translate, id: Parameters<Translate>[0], values: Record<string, unknown>) =>
  t(id, values as never).split(/\d/)[0]!.trim();

for (const language of ['fr', 'it'] as const) {
  test(`terminal states, Check again, F4 and a long name (${language})`, async ({ page }, info) => {
    test.setTimeout(120_000);
    const t = translator(language);
    harness = await startHarness({ locale: language });
    const bank = new Bank(harness.bankUrl);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(harness.url);
    const picker = terminalChoice(page, t);
    const chosen = page.locator('#terminal-chosen');

    // F4 reaches the choice from anywhere, and the key is written beside it.
    await expect(page.locator('.terminal-label kbd')).toHaveText('F4');
    await page.getByRole('button', { name: '7', exact: true }).click();
    await page.keyboard.press('F4');
    await expect(picker).toBeFocused();
    await picker.selectOption(T.approve);
    await expect(chosen).toContainText(t('glance.terminal.ready'));

    // No answer: the countdown ends after the harness clock jumps; Check again says when it asked.
    await keyIn(page, t, '4200');
    await picker.selectOption(T.offline);
    await page.getByRole('button', { name: t('charge.label'), exact: true }).click();
    await expect(page.getByRole('heading', { name: t('attempt.heading.accepted') })).toBeVisible();
    await harnessControl(harness.url, 'clock', { advance_ms: 121_000 });
    await expect(page.getByRole('heading', { name: t('attempt.heading.timed_out') })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: t('attempt.action.checkAgain') }).click();
    const checked = page.locator('.checked-note');
    await expect(checked).toContainText(opening(t, 'glance.checked', { time: new Date(0) }));
    await expect(checked).toHaveText(/\d{1,2}[:.]\d{2}[:.]\d{2}/);
    await snap(page, info, `glance-term-${language}-1024-checked`);
    await page.getByRole('button', { name: t('attempt.action.abandon') }).click();
    await page.getByRole('dialog').getByRole('button', { name: t('abandon.confirm') }).click();

    // Back at the sale: the terminal that did not answer says so before Charge, with what Charge will do.
    await picker.selectOption(T.offline);
    await expect(chosen).toContainText(t('glance.terminal.noAnswer', { when: '' }).split('(')[0]!.trim());
    await expect(chosen).toContainText(/\(\d{1,2}[:.]\d{2}\)/);
    await expect(chosen).toContainText(t('glance.terminal.chargeAfterNoAnswer'));
    await snap(page, info, `glance-term-${language}-1024-no-answer`);
    expect(await bank.payments()).toHaveLength(1);

    // A 47-character name is refused in words, never cut; 30 characters are kept and shown in full.
    await page.getByRole('button', { name: t('nav.backoffice') }).click();
    await page.getByRole('tab', { name: t('office.terminals.title') }).click();
    const serial = await bank.poiId(T.approve);
    const nameField = page.getByLabel(t('office.terminals.nameOf', { serial }));
    await nameField.fill(LONG_NAME);
    await expect(nameField).toHaveValue(LONG_NAME);
    await expect(page.getByRole('alert').filter({ hasText: t('glance.terminal.nameTooLong', { count: 47, max: 30 }) })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(serial) });
    await expect(row.getByRole('button', { name: t('office.terminals.saveName') })).toBeDisabled();
    await snap(page, info, `glance-term-${language}-1024-name-too-long`);
    await nameField.fill(FULL_NAME);
    await row.getByRole('button', { name: t('office.terminals.saveName') }).click();
    await expect(page.getByRole('status').filter({ hasText: FULL_NAME })).toBeVisible();
    await page.getByRole('button', { name: t('nav.counter') }).click();
    await picker.selectOption(T.approve);
    await expect(chosen).toContainText(`${FULL_NAME} (${serial})`);
    const fits = await chosen.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth);
    expect(fits, 'the chosen terminal\'s full name fits at 1024 px').toBe(true);
    await snap(page, info, `glance-term-${language}-1024-full-name`);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, info, `glance-term-${language}-1920-full-name`);
  });
}
