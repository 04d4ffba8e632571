/**
 * What the receipts e2e reads on the page: the receipt dialog and its paper, the page as
 * Chromium prints it (what Electron's printing lays out) read back as text, and whether a
 * text (the customer's address) is still anywhere in the data folder.
 */
import type { Page } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';

const PAPER_WIDTH = { '58mm': '58mm', '80mm': '80mm', a4: '210mm' } as const;

export async function printedText(page: Page, paper: keyof typeof PAPER_WIDTH): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf(paper === 'a4' ? { format: 'A4' } : { width: PAPER_WIDTH[paper], height: '250mm' });
  await page.emulateMedia({ media: 'screen' });
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
}

export const receiptDialog = (page: Page) => page.getByRole('dialog');
export const receiptPaper = (page: Page) => receiptDialog(page).locator('.receipt-on-screen');

export function dataFolderHolds(dir: string, text: string): string[] {
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (readFileSync(p).includes(text)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}
