/** What the money specs (money-agree, refunds) do on a page in the screen's language: charge, read the printed report, download an export. */
import { expect, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Translate } from '../../shared/i18n/translate.js';
import type { Language } from '../../shared/i18n/languages.js';
import { SANDBOX_TERMINALS } from '../../electron/sandbox/seed-ids.js';
import { Bank } from './bank.js';
import { startHarness, type Harness } from './processes.js';

const T = SANDBOX_TERMINALS.fr;

export const localDay = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** PDF text and Intl both use (narrow) no-break spaces in amounts: compared as plain spaces. */
export const plain = (s: string): string => s.replace(/[\s\u00a0\u202f]+/g, ' ');

export async function chargeIn(page: Page, t: Translate, digits: string, terminalId: string, orderRef?: string): Promise<void> {
  await page.getByRole('button', { name: t('keypad.clear'), exact: true }).click();
  for (const d of digits) await page.getByRole('button', { name: d, exact: true }).click();
  await page.getByLabel(t('terminal.label')).selectOption(terminalId);
  if (orderRef) await page.getByLabel(t('metadata.orderReference')).fill(orderRef);
  await page.getByRole('button', { name: t('charge.label'), exact: true }).click();
}

export const heading = (page: Page, t: Translate, id: Parameters<Translate>[0]): Promise<void> =>
  expect(page.getByRole('heading', { name: t(id) })).toBeVisible({ timeout: 15_000 });

/** The page as printed on A4, read back as text. */
export async function printed(page: Page): Promise<{ text: string; pages: number }> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await getDocumentProxy(new Uint8Array(await page.pdf({ format: 'A4' })));
  await page.emulateMedia({ media: 'screen' });
  return { text: plain((await extractText(pdf, { mergePages: true })).text), pages: pdf.numPages };
}

/** The back office's payment journal, showing one day. */
export async function openJournal(page: Page, t: Translate, day: string): Promise<void> {
  await page.getByRole('button', { name: t('nav.backoffice'), exact: true }).click();
  await page.getByRole('tab', { name: t('backoffice.tab.journal') }).click();
  await page.getByLabel(t('history.filter.from'), { exact: true }).fill(day);
  await page.getByLabel(t('history.filter.to'), { exact: true }).fill(day);
}

export async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  return file.path();
}

/** A training harness in `language` with the approving, refusing and slow (90 s) terminals set, its page open. */
export async function openTraining(page: Page, language: Language): Promise<{ harness: Harness; bank: Bank }> {
  const harness = await startHarness({ locale: language });
  const bank = new Bank(harness.bankUrl);
  await bank.setBehaviour(T.approve, 'approve', 300);
  await bank.setBehaviour(T.refuse, 'refuse', 300);
  await bank.setBehaviour(T.slow, 'approve', 90_000);
  await page.goto(harness.url);
  return { harness, bank };
}

/** A possible duplicate as a cashier meets it: 11.11 on the slow terminal, abandoned; its customer pays when the clock moves 90 s. */
export async function abandonSlowSale(page: Page, t: Translate): Promise<void> {
  await chargeIn(page, t, '1111', T.slow);
  await heading(page, t, 'attempt.heading.accepted');
  await page.getByRole('button', { name: t('attempt.action.abandon'), exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: t('abandon.confirm') }).click();
}
