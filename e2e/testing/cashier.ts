/** What a cashier does with the screen, by role and accessible name only. */
import { expect, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export async function typeAmount(page: Page, digits: string): Promise<void> {
  await page.getByRole('button', { name: 'Clear' }).click();
  for (const d of digits) await page.getByRole('button', { name: d, exact: true }).click();
}

export async function pickTerminal(page: Page, terminalId: string): Promise<void> {
  await page.getByLabel('Terminal').selectOption(terminalId);
}

export async function charge(page: Page, digits: string, terminalId: string, orderRef?: string): Promise<void> {
  await typeAmount(page, digits);
  await pickTerminal(page, terminalId);
  if (orderRef) await page.getByLabel('Order reference').fill(orderRef);
  await page.getByRole('button', { name: 'Charge' }).click();
}

export async function expectHeading(page: Page, name: string | RegExp, timeout = 15_000): Promise<void> {
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout });
}

/** Saves a full-page screenshot as a test artifact and under test-results/screens/ for people to look at. */
export async function snap(page: Page, info: TestInfo, name: string): Promise<void> {
  const dir = join(info.project.outputDir, '..', 'screens');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  // The top bar sticks to the window: from the top, a full-page picture shows it where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
}

/** The short key the attempt screen shows, e.g. "Key 1a2b3c4d". */
export async function shownKey(page: Page): Promise<string> {
  const text = await page.getByText(/^Key [0-9a-f]{8}$/).first().textContent();
  return (text ?? '').replace('Key ', '');
}
