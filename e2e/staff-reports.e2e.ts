/**
 * People in the reports, in English and in French: a day's sales journaled with their cashier
 * (Anna, Ben, and one with nobody signed in; seeded through the journal's own writer, as sign-in
 * at the counter is not there to make them), then the counter's "My shift" summary printed and
 * read back from its PDF, the journal filtered by person, the accountant's CSV naming each sale's
 * cashier, a person's summary printed from the journal, the Z report's takings by person, and,
 * once the day is closed, the counter saying so before the next sale.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './testing/fixtures.js';
import { parse } from 'csv-parse/sync';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { translator } from '../shared/i18n/translate.js';
import type { Language } from '../shared/i18n/languages.js';
import { formatMoney } from '../shared/money.js';
import { Bank } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { download, localDay, openJournal, plain, printed } from './testing/money-pages.js';
import { kill } from './testing/processes.js';
import { seedSales } from '../electron/payments/stand-ins/seeded-journal.js';

const T = SANDBOX_TERMINALS.fr;
const ANNA = { id: 'anna', name: 'Anna' };
const BEN = { id: 'ben', name: 'Ben' };

for (const language of ['en', 'fr'] as const satisfies readonly Language[]) {
  test(`in ${language}: the shift summary prints, the CSV and the Z report name each person, a closed day is announced at the counter`, async ({ page, startHarness }, info) => {
    test.setTimeout(120_000);
    const t = translator(language);
    const m = (minor: number) => plain(formatMoney(minor, 'EUR', language));
    const now = Date.now();
    const day = localDay(now);
    const min = 60_000;
    // A register's first run makes its folder; the sales are journaled while it is stopped.
    const first = await startHarness({ locale: language });
    const dataDir = first.dataDir;
    await kill(first);
    await seedSales(dataDir, T.approve, [
      { amountMinor: 1250, state: 'authorized', cashier: ANNA, at: now - 5 * min },
      { amountMinor: 830, state: 'refused', cashier: ANNA, at: now - 4 * min },
      { amountMinor: 2000, state: 'authorized', cashier: BEN, at: now - 3 * min },
      { amountMinor: 500, state: 'authorized', at: now - 2 * min },
      { amountMinor: 700, state: 'authorized', cashier: BEN, at: now - min },
    ]);
    const harness = await startHarness({ dataDir, locale: language });
    await new Bank(harness.bankUrl).setBehaviour(T.approve, 'approve', 300);
    await page.goto(harness.url);

    // The counter's "My shift": the person at the counter (Ben made the latest sale), then Anna's.
    await page.getByRole('button', { name: t('shift.open'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: t('shift.title', { name: 'Ben' }) })).toBeVisible();
    await expect(dialog.locator('.shift-figures')).toContainText(formatMoney(2700, 'EUR', language));
    await snap(page, info, `staff-${language}-1-my-shift`);
    const ben = (await printed(page)).text;
    expect(ben).toContain(plain(t('shift.title', { name: 'Ben' })));
    expect(ben).toContain(m(2700));
    expect(ben).not.toContain(t('today.title'));
    await dialog.getByLabel(t('shift.person')).selectOption('anna');
    await expect(dialog.getByRole('heading', { name: t('shift.title', { name: 'Anna' }) })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await snap(page, info, `staff-${language}-1b-my-shift-as-printed`);
    await page.emulateMedia({ media: 'screen' });
    const anna = (await printed(page)).text;
    expect(anna).toContain(plain(t('shift.title', { name: 'Anna' })));
    expect(anna).toContain(m(1250));
    await dialog.getByRole('button', { name: t('shift.close') }).click();

    // The journal by person, and the accountant's CSV naming each sale's cashier.
    await openJournal(page, t, day);
    await expect(page.locator('.history-row')).toHaveCount(5);
    await page.locator('.history-filters').getByLabel(t('shift.person')).selectOption('anna');
    await expect(page.locator('.history-row')).toHaveCount(2);
    await expect(page.locator('.history-row .history-cashier')).toHaveText(['Anna', 'Anna']);
    await page.locator('.history-filters').getByLabel(t('shift.person')).selectOption('');
    await expect(page.locator('.history-row')).toHaveCount(5);
    const people = page.locator('.people-totals');
    await expect(people.getByRole('row', { name: new RegExp(t('shift.nobody')) })).toContainText(formatMoney(500, 'EUR', language));
    await snap(page, info, `staff-${language}-2-journal-by-person`);
    const [header, ...rows] = parse(readFileSync(await download(page, t('history.export')), 'utf8'), { bom: true }) as string[][];
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => [r[col('amount_asked')], r[col('cashier')]])).toEqual([
      ['12.50', 'Anna'], ['8.30', 'Anna'], ['20.00', 'Ben'], ['5.00', ''], ['7.00', 'Ben'],
    ]);

    // A person's summary from the journal prints alone, without the Z report behind it.
    await people.getByRole('button', { name: `${t('shift.forPerson')} — Anna` }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: t('shift.title', { name: 'Anna' }) })).toBeVisible();
    const fromJournal = (await printed(page)).text;
    expect(fromJournal).toContain(plain(t('shift.title', { name: 'Anna' })));
    expect(fromJournal).not.toContain(plain(t('shift.z.byPerson')));
    await page.getByRole('dialog').getByRole('button', { name: t('shift.close') }).click();

    // Closing the day; its Z report has the takings by person.
    const closing = page.getByRole('group', { name: t('history.close.label') });
    await closing.getByLabel(t('history.close.closedBy')).fill('Marie');
    await closing.locator('button[type=submit]').click();
    await expect(closing).toContainText('Marie');
    await page.emulateMedia({ media: 'print' });
    await snap(page, info, `staff-${language}-2b-z-report-as-printed`);
    await page.emulateMedia({ media: 'screen' });
    const z = (await printed(page)).text;
    expect(z).toContain(plain(t('shift.z.byPerson')));
    for (const name of ['Anna', 'Ben', t('shift.nobody')]) expect(z).toContain(plain(name));
    expect(z).toContain(m(2700));
    // Printed again: the takings by person come from the closing record like the rest of the Z, line for line the first print's.
    const byPerson = (text: string) => {
      const at = text.indexOf(plain(t('shift.z.byPerson')));
      return text.slice(at, text.indexOf(plain(t('history.z.payments')), at));
    };
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    const reprint = (await printed(page)).text;
    expect(reprint).toContain(plain(t('closing.z.reprint')).slice(0, 6));
    expect(byPerson(reprint)).toBe(byPerson(z));
    expect(byPerson(z)).toContain(plain('Anna'));

    // Back at the counter, before the next sale: the day is closed.
    await page.getByRole('button', { name: t('nav.counter'), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('shift.dayClosed.message') })).toBeVisible();
    await snap(page, info, `staff-${language}-3-day-closed-at-counter`);
  });
}
