/** Drives the back office's card filters (drop-downs of checkboxes) by their visible labels. */
import type { Page } from '@playwright/test';

/** Ticks (or, when ticked, unticks) each option of one filter, then closes it. */
export async function pickCardFilter(page: Page, filter: string, options: string[]): Promise<void> {
  const field = page.locator('.field', { has: page.locator('.label', { hasText: new RegExp(`^${filter}$`) }) });
  await field.locator('summary').click();
  const group = page.getByRole('group', { name: filter });
  for (const o of options) await group.getByLabel(o, { exact: true }).click();
  await field.locator('summary').click();
}

/** Only this status: the filters are cleared first. */
export async function showOnlyStatus(page: Page, status: string): Promise<void> {
  const clear = page.getByRole('button', { name: 'Clear filters' });
  if (await clear.isVisible()) await clear.click();
  await pickCardFilter(page, 'Status', [status]);
}
