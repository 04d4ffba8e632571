/**
 * Refunds and hand settlements end to end, in English and in French: a paid sale refunded in part
 * from the journal, an over-refund refused in the screen's language, a refused sale that cannot be
 * refunded (nothing written), a possible duplicate answered "refunded" (which records its refund),
 * and a payment the terminal never answered for, settled by hand from the slip once the late watch
 * is over (the harness's clock moved, never waited out). Today, the journal, the Z report (PDF
 * text) and the three exports then give the same net takings.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { kill, type Harness } from './testing/processes.js';
import { harnessControl } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { abandonSlowSale, chargeIn, download, heading, localDay, openTraining, plain, printed } from './testing/money-pages.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { translator, type Translate } from '../shared/i18n/translate.js';
import type { Language } from '../shared/i18n/languages.js';
import { decimalStringToMinor, formatMoney } from '../shared/money.js';

const T = SANDBOX_TERMINALS.fr;
let harness: Harness | null = null;

test.afterEach(async () => {
  if (harness) await kill(harness);
  harness = null;
});

type Id = Parameters<Translate>[0];

/** The net of a CSV: every amount_authorized, refunds negative, whatever the separator and decimal mark. */
function csvNet(text: string, delimiter: string): { net: number; cells: (column: string) => string[] } {
  const [header, ...rows] = parse(text, { delimiter, bom: true }) as string[][];
  const cells = (name: string) => rows.map((r) => r[header!.indexOf(name)] ?? '');
  const net = cells('amount_authorized').reduce((s, v) => s + (v === '' ? 0 : decimalStringToMinor(v.replace(',', '.')) ?? Number.NaN), 0);
  return { net, cells };
}

for (const language of ['en', 'fr'] as const satisfies readonly Language[]) {
  test(`in ${language}: refunds and a hand settlement reconcile on every screen and export`, async ({ page }, info) => {
    test.setTimeout(180_000);
    const t = translator(language);
    const m = (minor: number) => formatMoney(minor, 'EUR', language);
    const typed = (minor: number) => (language === 'fr' ? (minor / 100).toFixed(2).replace('.', ',') : (minor / 100).toFixed(2));
    harness = (await openTraining(page, language)).harness;
    const day = localDay(Date.now());

    // A possible duplicate: abandoned on the slow terminal, paid after all.
    await abandonSlowSale(page, t);
    await chargeIn(page, t, '2000', T.approve);
    await heading(page, t, 'attempt.heading.authorized');
    await page.getByRole('button', { name: t('attempt.action.newSale') }).click();
    await chargeIn(page, t, '830', T.refuse);
    await heading(page, t, 'attempt.heading.refused');
    await page.getByRole('button', { name: t('attempt.action.newSale') }).click();
    // A terminal that never answers: no outcome, then the late watch runs out (35 minutes on the harness's clock).
    await chargeIn(page, t, '4200', T.offline);
    await heading(page, t, 'attempt.heading.accepted');
    await harnessControl(harness.url, 'clock', { advance_ms: 125_000 });
    await heading(page, t, 'attempt.heading.timed_out');
    await page.getByRole('button', { name: t('attempt.action.abandon'), exact: true }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: t('abandon.confirm') });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await harnessControl(harness.url, 'clock', { advance_ms: 35 * 60_000 });

    // The duplicate answered "refunded": its refund is recorded with it (the duplicate's amount by default).
    await page.getByRole('button', { name: t('nav.backoffice'), exact: true }).click();
    await page.getByRole('tab', { name: t('backoffice.tab.duplicates') }).click();
    const dup = page.getByRole('listitem', { name: t('duplicates.item.label', { amount: m(1111) }) });
    await dup.getByLabel(t('duplicates.note.refunded')).fill('slip 7');
    await expect(dup.getByLabel(t('refund.amount'))).toHaveValue('11.11');
    await dup.getByLabel(t('refund.by')).fill('Marie');
    await snap(page, info, `refunds-${language}-1-duplicate`);
    await dup.getByRole('button', { name: t('duplicates.save') }).click();
    await expect(page.getByText(t('duplicates.empty'))).toBeVisible();

    await page.getByRole('tab', { name: t('backoffice.tab.journal') }).click();
    await page.getByLabel(t('history.filter.from'), { exact: true }).fill(day);
    await page.getByLabel(t('history.filter.to'), { exact: true }).fill(day);
    const totals = page.locator('.totals-figures');
    const figure = (id: Id) => totals.getByText(t(id), { exact: true }).locator('..');
    await expect(figure('history.totals.refunded')).toContainText(m(1111));

    // A part refund of the paid 20.00, then one more than what is left: refused in words, nothing written.
    const paidRow = page.locator('.history-row').filter({ hasText: m(2000) });
    await paidRow.locator('summary').click();
    const refund = paidRow.getByRole('form', { name: t('refund.record') });
    await refund.getByLabel(t('refund.amount')).fill(typed(500));
    await refund.getByLabel(t('refund.where')).selectOption('bank_app');
    await refund.getByLabel(t('refund.reason')).fill('one item back');
    await refund.getByLabel(t('refund.by')).fill('Marie');
    await refund.getByRole('button', { name: t('refund.save') }).click();
    await expect(figure('history.totals.refunded')).toContainText(m(1611));
    await expect(paidRow).toContainText(t('refund.refunded', { amount: m(500) }));
    // The day was read again: the row may have closed.
    if (!(await paidRow.getByRole('form', { name: t('refund.record') }).isVisible())) await paidRow.locator('summary').click();
    const again = paidRow.getByRole('form', { name: t('refund.record') });
    await again.getByLabel(t('refund.amount')).fill(typed(1600));
    await again.getByLabel(t('refund.reason')).fill('too much');
    await again.getByLabel(t('refund.by')).fill('Marie');
    await again.getByRole('button', { name: t('refund.save') }).click();
    await expect(again.getByRole('alert')).toContainText(t('refund.error.title'));
    await expect(again.getByRole('alert')).toContainText(m(1500));
    await snap(page, info, `refunds-${language}-2-over-refund`);
    await expect(figure('history.totals.refunded')).toContainText(m(1611));

    // A refused payment offers no refund, and the main process refuses one asked for directly.
    const refusedRow = page.locator('.history-row').filter({ hasText: m(830) });
    await refusedRow.locator('summary').click();
    await expect(refusedRow.getByRole('form', { name: t('refund.record') })).toHaveCount(0);
    const refusedAnswer = await page.evaluate(async (day) => {
      const api = (window as unknown as { counterpay: { listAttempts(r: object): Promise<{ ok: boolean; value?: { attempts: { id: string; state: string }[] } }>; recordRefund(r: object): Promise<{ ok: boolean; error?: { reason?: string } }> } }).counterpay;
      const list = await api.listAttempts({});
      const refused = list.value?.attempts.find((a) => a.state === 'refused');
      return api.recordRefund({ attemptId: refused?.id, day, amountMinor: 100, where: 'terminal', reason: 'x', by: 'Marie' });
    }, day);
    expect(refusedAnswer.ok).toBe(false);
    expect(refusedAnswer.error?.reason).toBe('refund.not_paid');

    // The payment nobody could confirm: settled from the slip, marked everywhere.
    const lostRow = page.locator('.history-row').filter({ hasText: m(4200) });
    await lostRow.locator('summary').click();
    const settle = lostRow.getByRole('form', { name: t('settle.title') });
    await settle.getByLabel(t('settle.last4')).fill('4242');
    await settle.getByLabel(t('settle.authCode')).fill('A1B2C3');
    await settle.getByLabel(t('refund.by')).fill('Paul');
    await settle.getByRole('button', { name: t('settle.save') }).click();
    await expect(lostRow).toContainText(t('settle.byHand'));

    const paid = 1111 + 2000 + 4200;
    const net = paid - 1611;
    await expect(figure('history.totals.paid')).toContainText(m(paid));
    await expect(figure('history.totals.net')).toContainText(m(net));
    await expect(figure('history.totals.settledByHand')).toContainText('1');
    await snap(page, info, `refunds-${language}-3-journal`);

    const z = (await printed(page)).text;
    expect(z).toContain(plain(`${t('history.totals.net')} ${m(net)}`));
    expect(z).toContain(plain(`${t('history.totals.refunded')} ${m(1611)}`));
    expect(z).toContain(plain(t('settle.byHand')));

    const csv = csvNet(readFileSync(await download(page, t('history.export')), 'utf8'), ',');
    expect(csv.net).toBe(net);
    expect(csv.cells('kind').filter((k) => k === 'refund')).toHaveLength(2);
    expect(csv.cells('settled_by_hand').filter((k) => k === 'yes')).toHaveLength(1);
    const excel = csvNet(readFileSync(await download(page, t('history.exportExcel')), 'utf8'), language === 'en' ? ',' : ';');
    expect(excel.net).toBe(net);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download(page, t('history.exportXlsx')));
    const [sheet, sums] = wb.worksheets;
    const header = (sheet!.getRow(1).values as unknown[]).slice(1);
    const cells = sheet!.getColumn(header.indexOf('amount_authorized') + 1).values.slice(2);
    expect(Math.round(cells.reduce<number>((s, v) => s + (typeof v === 'number' ? v : 0), 0) * 100)).toBe(net);
    expect(sums!.getRow(sums!.getColumn(1).values.indexOf(t('history.totals.net'))).getCell(2).value).toBe(net / 100);

    // Today on the counter: the same net.
    await page.getByRole('button', { name: t('nav.counter'), exact: true }).click();
    const today = page.getByRole('region', { name: t('today.title') });
    await expect(today).toContainText(t('today.net', { refunded: m(1611), net: m(net) }));
    await expect(today.locator('.today-item').filter({ hasText: m(4200) })).toContainText(t('settle.paid'));
    await expect(today.locator('.today-item').filter({ hasText: m(2000) })).toContainText(t('refund.refunded', { amount: m(500) }));
    await snap(page, info, `refunds-${language}-4-today`);
  });
}
