/** What a cashier or manager does on screen in any of the five languages: every name comes from the catalogs. */
import type { Page } from '@playwright/test';
import type { Translate } from '../../shared/i18n/translate.js';
import { harnessFetch } from './bank.js';

/** Clears the amount and types it on the keypad. */
export async function keyIn(page: Page, t: Translate, digits: string): Promise<void> {
  await page.getByRole('button', { name: t('keypad.clear'), exact: true }).click();
  for (const d of digits) await page.getByRole('button', { name: d, exact: true }).click();
}

/** The terminal choice, by its accessible name (its label also shows the shortcut key). */
export const terminalChoice = (page: Page, t: Translate) => page.getByRole('combobox', { name: t('terminal.label'), exact: true });

/** A sale: amount, terminal, optionally the order reference and the note, then Charge. */
export async function chargeWith(page: Page, t: Translate, digits: string, terminalId: string, fill: { order?: string; note?: string } = {}): Promise<void> {
  await keyIn(page, t, digits);
  await terminalChoice(page, t).selectOption(terminalId);
  if (fill.order) await page.getByLabel(t('metadata.orderReference')).fill(fill.order);
  if (fill.note) await page.getByLabel(t('metadata.note')).fill(fill.note);
  await page.getByRole('button', { name: t('charge.label'), exact: true }).click();
}

/** What the app asked the system browser to open (the bank's sign-in page), as the harness recorded it. */
export async function externalUrl(harnessUrl: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const { url } = (await (await harnessFetch(harnessUrl, 'external-url')).json()) as { url: string | null };
    if (url) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app never opened the bank sign-in page');
}
