/**
 * Shifts from sign-ins, end to end in two languages: with two cashiers and a manager on the
 * staff list and the 58 mm roll set for receipts, Anna and Ben each sell under their own PIN;
 * the counter's "My shift" is the signed-in person's and nobody else's (the main process refuses
 * another person or another day, whatever the screen asks); Ben signs out for the day and sees
 * his shift summary, printed on the 58 mm roll and read back from its PDF.
 */
import { test, expect, type Page } from './testing/fixtures.js';
import { Bank } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { addPerson, expectSelling, sell, signIn } from './testing/staff-pages.js';
import { printedText } from './testing/receipt-pages.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { translator } from '../shared/i18n/translate.js';
import { formatMoney } from '../shared/money.js';
import { localDay, openJournal, plain } from './testing/money-pages.js';

const T = SANDBOX_TERMINALS.fr;

/** What main answers the bridge: the report's person, or the refusal's reason. */
async function askShift(page: Page, asked: { day?: string; person?: string }): Promise<string> {
  return page.evaluate(async (q) => {
    const res = await window.counterpay.shiftReport(q);
    return res.ok ? `report:${res.value.who.person?.name ?? ''}:${res.value.people.length}` : `refused:${res.error.reason ?? res.error.code}`;
  }, asked);
}

async function idOf(page: Page, name: string): Promise<string> {
  return page.evaluate(async (n) => {
    const res = await window.counterpay.getStaff(undefined);
    return res.ok ? (res.value.people.find((p) => p.name === n)?.id ?? '') : '';
  }, name);
}

for (const language of ['en', 'fr'] as const) {
  test(`shifts in ${language}: a cashier reads only her own, signs out for the day and prints her summary on the 58 mm roll`, async ({ page, startHarness }, info) => {
    test.setTimeout(150_000);
    const t = translator(language);
    const harness = await startHarness({ locale: language });
    await new Bank(harness.bankUrl).setBehaviour(T.approve, 'approve', 300);
    await page.goto(harness.url);

    await page.getByRole('button', { name: t('nav.backoffice'), exact: true }).click();
    await page.getByRole('tab', { name: t('backoffice.tab.settings') }).click();
    const receipts = page.getByRole('region', { name: t('receipt.settings.title') });
    await receipts.getByLabel(t('receipt.settings.paper'), { exact: true }).selectOption('58mm');
    await receipts.getByRole('button', { name: t('receipt.settings.save') }).first().click();
    await expect(receipts.getByRole('status')).toHaveText(t('receipt.settings.saved'));
    await page.getByRole('tab', { name: t('staff.tab') }).click();
    await addPerson(page, t, 'Maria', 'manager', '9999');
    await addPerson(page, t, 'Anna', 'cashier', '1111');
    await addPerson(page, t, 'Ben', 'cashier', '2222');
    await page.getByRole('button', { name: new RegExp(t('nav.lock')) }).click();
    expect(await askShift(page, {}), 'nobody signed in, cashiers on the list: nothing to read').toBe('refused:shift.not_yours');

    await signIn(page, t, 'Anna', '1111');
    await expectSelling(page, t, 'Anna');
    await sell(page, t, '1250', T.approve);
    await page.getByRole('button', { name: t('shift.open'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: t('shift.title', { name: 'Anna' }) })).toBeVisible();
    await expect(dialog.locator('.shift-figures')).toContainText(formatMoney(1250, 'EUR', language));
    await expect(dialog.getByLabel(t('shift.person'))).toHaveCount(0);
    await dialog.getByRole('button', { name: t('shift.close') }).click();

    await page.getByRole('button', { name: t('staff.who.switch') }).click();
    await signIn(page, t, 'Ben', '2222');
    await expectSelling(page, t, 'Ben');
    await sell(page, t, '700', T.approve);

    // Ben asks main for Anna's shift, or for yesterday: refused, whatever the screen shows.
    expect(await askShift(page, {})).toBe('report:Ben:1');
    expect(await askShift(page, { person: await idOf(page, 'Anna') })).toBe('refused:shift.not_yours');
    expect(await askShift(page, { day: '2020-01-02' })).toBe('refused:shift.not_yours');
    await page.getByRole('button', { name: t('shift.open'), exact: true }).click();
    // No refusal is only news once main has answered: the dialog opens before its report comes.
    await expect(dialog.getByRole('heading', { name: t('shift.title', { name: 'Ben' }) })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await snap(page, info, `shifts-${language}-1-my-shift-ben`);
    await dialog.getByRole('button', { name: t('shift.close') }).click();

    // Ben signs out for the day: his summary, the shift closed, printed on the roll.
    await page.getByRole('button', { name: t('staff.who.endShift') }).click();
    await expect(dialog.getByRole('heading', { name: t('shift.ended') })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: t('shift.title', { name: 'Ben' }) })).toBeVisible();
    await expect(dialog.locator('.shift-on-screen')).toHaveClass(/paper-58mm/);
    await expect(dialog.locator('.shift-figures')).toContainText(formatMoney(700, 'EUR', language));
    await expect(dialog.locator('.shift-figures')).not.toContainText(formatMoney(1950, 'EUR', language));
    await expect(dialog.locator('.shift-on-screen')).not.toContainText(t('shift.periodOpen', { day: '|', from: '|' }).split('|')[2] ?? '');
    await snap(page, info, `shifts-${language}-2-ben-signed-out`);
    await dialog.locator('.shift-on-screen').screenshot({ path: info.outputPath(`shift-58mm-${language}.png`) });
    await dialog.getByRole('button', { name: t('shift.print') }).click();
    await expect.poll(() => harness.output()).toContain('print job: {"paper":"58mm"');
    const text = (await printedText(page, '58mm')).replace(/\s+/g, ' ');
    expect(text).toContain(plain(t('shift.title', { name: 'Ben' })).replace(/\s+/g, ' '));
    expect(text).toContain(plain(formatMoney(700, 'EUR', language)));
    expect(text).not.toContain('Anna');
    expect(await askShift(page, {}), 'still his, until the next sign-in').toBe('report:Ben:1');
    await dialog.getByRole('button', { name: t('shift.close') }).click();
    await expect(page.getByRole('heading', { name: t('staff.who.title') })).toBeVisible();

    // A manager reads anyone's.
    await signIn(page, t, 'Maria', '9999');
    await expectSelling(page, t, 'Maria');
    expect(await askShift(page, { person: await idOf(page, 'Anna') })).toMatch(/^report:Anna:/);

    // Maria refunds 2.00 of Ben's sale from the journal; back at the counter, Today offers its refund receipt.
    await openJournal(page, t, localDay(Date.now()));
    const row = page.locator('.history-row').filter({ hasText: formatMoney(700, 'EUR', language) });
    await row.locator('summary').click();
    const refund = row.getByRole('form', { name: t('refund.record') });
    await refund.getByLabel(t('refund.amount')).fill(language === 'fr' ? '2,00' : '2.00');
    await refund.getByLabel(t('refund.reason')).fill('one item back');
    await refund.getByRole('button', { name: t('refund.save') }).click();
    await expect(row).toContainText(t('refund.refunded', { amount: formatMoney(200, 'EUR', language) }));
    await page.getByRole('button', { name: t('nav.counter'), exact: true }).click();
    const today = page.locator('.today-item').filter({ hasText: formatMoney(700, 'EUR', language) });
    await expect(today).toContainText(t('refund.refunded', { amount: formatMoney(200, 'EUR', language) }));
    await today.getByRole('button', { name: t('receipt.refundAction') }).click();
    await expect(dialog.getByRole('heading', { name: new RegExp(`^${t('receipt.dialog.refundTitle', { number: '' }).trim()} \\d+$`) })).toBeVisible();
    await expect(dialog.locator('.receipt-on-screen')).toContainText(/2[.,]00/);
    await snap(page, info, `shifts-${language}-3-refund-receipt-from-today`);
  });
}
