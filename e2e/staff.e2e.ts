/**
 * Cashiers by name, end to end in two languages: a manager adds two cashiers on the Staff tab,
 * each signs in at the counter with their own PIN and sells, a wrong PIN is refused, one is
 * locked out and the other is not, and every sale names who made it. Words come from the
 * catalogs, so a screen left in English fails the French run.
 */
import { test, expect } from './testing/fixtures.js';
import { Bank, harnessControl } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { addPerson, expectSelling, sell, signIn } from './testing/staff-pages.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { translator } from '../shared/i18n/translate.js';

const T = SANDBOX_TERMINALS.fr;

for (const language of ['en', 'fr'] as const) {
  test(`cashiers by name in ${language}: each sells under their own PIN, one is locked out, the other is not`, async ({ page, startHarness }, info) => {
    test.setTimeout(120_000);
    const t = translator(language);
    const harness = await startHarness({ locale: language });
    await new Bank(harness.bankUrl).setBehaviour(T.approve, 'approve', 300);
    await page.goto(harness.url);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    // The manager's first run: nothing asked at the counter until a cashier exists.
    await expect(page.getByRole('heading', { name: t('staff.who.title') })).toHaveCount(0);
    await page.getByRole('button', { name: t('nav.backoffice'), exact: true }).click();
    await page.getByRole('tab', { name: t('staff.tab') }).click();
    await addPerson(page, t, 'Maria', 'manager', '9999');
    await addPerson(page, t, 'Anna', 'cashier', '1111');
    await addPerson(page, t, 'Ben', 'cashier', '2222');
    await snap(page, info, `staff-list-${language}`);

    // Locked: the counter asks who is selling.
    await page.getByRole('button', { name: new RegExp(t('nav.lock')) }).click();
    await expect(page.getByRole('heading', { name: t('staff.who.title') })).toBeVisible();
    await snap(page, info, `staff-who-is-selling-${language}`);

    await signIn(page, t, 'Anna', '1111');
    await expectSelling(page, t, 'Anna');
    await sell(page, t, '1250', T.approve);
    await snap(page, info, `staff-selling-${language}`);

    // Two keystrokes hand the till over: F3, then Ben's number (read by the names F3 brings up, once they are there).
    await page.keyboard.press('F3');
    await expect(page.getByRole('region', { name: t('staff.who.title') })).toBeVisible();
    await page.keyboard.press('3');
    await page.getByLabel(t('staff.who.pinOf', { name: 'Ben' })).fill('2222');
    await page.getByRole('button', { name: t('staff.who.signIn'), exact: true }).click();
    await expectSelling(page, t, 'Ben');
    await sell(page, t, '700', T.approve);

    // Anna mistypes: refused with the tries left, then paused; Ben is not locked by it.
    await page.keyboard.press('F3');
    await signIn(page, t, 'Anna', '0000');
    await expect(page.getByRole('alert').getByText(t('error.pinWrong.title'), { exact: true })).toBeVisible();
    const annaPin = page.getByLabel(t('staff.who.pinOf', { name: 'Anna' }));
    for (let i = 0; i < 4; i++) {
      // The field empties once the answer came: the next try is typed after it.
      await expect(annaPin).toHaveValue('');
      await annaPin.fill('0000');
      await page.getByRole('button', { name: t('staff.who.signIn'), exact: true }).click();
    }
    await expect(page.getByRole('alert').getByText(t('error.pinPaused.title'), { exact: true })).toBeVisible();
    await snap(page, info, `staff-locked-out-${language}`);
    await page.getByRole('button', { name: t('staff.who.back') }).click();
    await signIn(page, t, 'Ben', '2222');
    await expectSelling(page, t, 'Ben');

    // Every sale names who made it (the bridge the renderer uses).
    const cashiers = await page.evaluate(async () => {
      const res = await window.counterpay.listAttempts(undefined);
      return res.ok ? res.value.attempts.map((a) => `${a.amountMinor}:${a.cashier?.name ?? ''}`).sort() : [];
    });
    expect(cashiers).toEqual(['1250:Anna', '700:Ben']);

    // Maria signs in (the switch button this time): the back office opens without a PIN, and the closing names her, nothing typed.
    await page.getByRole('button', { name: t('staff.who.switch') }).click();
    await signIn(page, t, 'Maria', '9999');
    await expectSelling(page, t, 'Maria');
    await page.getByRole('button', { name: t('nav.backoffice'), exact: true }).click();
    await page.getByRole('tab', { name: t('backoffice.tab.journal') }).click();
    const closing = page.getByLabel(t('history.close.label'));
    const closeWord = t('history.close.button', { day: '|' }).split('|')[0] ?? '';
    await closing.getByRole('button', { name: new RegExp(`^${closeWord}`) }).click();
    await expect(closing).toContainText(t('history.close.done', { name: 'Maria', when: '|' }).split('|')[0] ?? '');
    await expect(closing.getByLabel(t('history.close.closedBy'))).toHaveCount(0);
    await snap(page, info, `staff-day-closed-${language}`);
  });
}

test('the register\'s manager PIN becomes the first manager, who is asked for a name the first time it is used', async ({ counter: page }, info) => {
  const t = translator('en');
  await page.getByRole('button', { name: t('nav.backoffice'), exact: true }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const pinForm = page.getByRole('form', { name: 'Set the manager PIN' });
  await pinForm.getByLabel('New PIN', { exact: true }).fill('4821');
  await pinForm.getByLabel('Repeat the new PIN').fill('4821');
  await pinForm.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByText('Manager PIN set')).toBeVisible();
  // The top bar hears of the PIN from main's event, which may come after that answer: F2 locks only once its Lock is drawn.
  await expect(page.getByRole('navigation').getByRole('button', { name: new RegExp(`^${t('nav.lock')}`) })).toBeVisible();
  await page.keyboard.press('F2');
  await expect(page.getByRole('button', { name: /Back office.*locked/ })).toBeVisible();

  // Used again: it opens, and asks whose it is, once.
  await page.keyboard.press('F2');
  const prompt = page.getByRole('dialog', { name: t('pin.title') });
  await prompt.getByLabel(t('pin.label'), { exact: true }).fill('4821');
  await prompt.getByRole('button', { name: t('pin.unlock') }).click();
  const naming = page.getByRole('form', { name: t('staff.firstManager.title') });
  await expect(naming).toBeVisible();
  await snap(page, info, 'staff-first-manager-name-en');
  await naming.getByLabel(t('staff.name')).fill('Maria');
  await naming.getByRole('button', { name: t('staff.firstManager.save') }).click();
  await expect(naming).toHaveCount(0);
  await page.getByRole('tab', { name: t('staff.tab') }).click();
  await expect(page.getByRole('row', { name: /Maria/ })).toContainText(t('staff.role.manager'));

  // From now on it is Maria's own PIN.
  await page.keyboard.press('F2');
  await expect(page.getByRole('button', { name: /Back office.*locked/ })).toBeVisible();
  await page.keyboard.press('F2');
  await prompt.getByLabel(t('pin.label'), { exact: true }).fill('4821');
  await prompt.getByRole('button', { name: t('pin.unlock') }).click();
  await expect(page.getByRole('tab', { name: t('staff.tab') })).toBeVisible();
});

test('with a staff manager, the month closes under her name with nothing typed; the settings send PINs to the Staff tab', async ({ counter: page, harness, bank }, info) => {
  test.setTimeout(120_000);
  const t = translator('en');
  await bank.setBehaviour(T.approve, 'approve', 300);
  await sell(page, t, '1250', T.approve);
  await page.getByRole('button', { name: t('nav.backoffice'), exact: true }).click();
  await page.getByRole('tab', { name: t('staff.tab') }).click();
  await addPerson(page, t, 'Maria', 'manager', '9999');

  // The register's manager PIN opens nothing now: the settings say where PINs are changed instead of offering one.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText(t('staff.pinPanel.replaced', { tab: t('staff.tab') }))).toBeVisible();
  await expect(page.getByRole('form', { name: t('settings.pin.formSet') })).toHaveCount(0);
  await snap(page, info, 'staff-settings-pin-replaced-en');

  await page.getByRole('tab', { name: t('backoffice.tab.journal') }).click();
  const closing = page.getByLabel(t('history.close.label'));
  await closing.getByRole('button', { name: /^Close / }).click();
  await expect(closing).toContainText('Closed by Maria');

  // A month later Maria opens the back office with her own PIN; the month closing asks no name.
  await harnessControl(harness.url, 'clock', { advance_ms: 32 * 24 * 3600_000 });
  await page.evaluate(async () => { await window.counterpay.lockManager(undefined); });
  await expect(page.getByRole('button', { name: /Back office.*locked/ })).toBeVisible();
  await page.keyboard.press('F2');
  const prompt = page.getByRole('dialog', { name: t('pin.title') });
  await prompt.getByLabel(t('pin.label'), { exact: true }).fill('9999');
  await prompt.getByRole('button', { name: t('pin.unlock') }).click();
  await expect(prompt).toHaveCount(0);
  await page.getByRole('tab', { name: t('backoffice.tab.journal') }).click();
  await page.getByRole('button', { name: 'Refresh' }).first().click();
  const months = page.locator('.period-closings');
  await expect(months.getByRole('button', { name: /^Close / }).first()).toBeVisible();
  await expect(months.getByLabel(t('closing.periods.closedBy'))).toHaveCount(0);
  await snap(page, info, 'staff-month-closing-offered-en');
  await months.getByRole('button', { name: /^Close / }).first().click();
  await expect(months.getByRole('listitem').filter({ hasText: /Month closing no\. 1 — / })).toContainText('Closed by Maria');
});
