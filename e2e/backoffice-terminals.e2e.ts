/**
 * A manager names a terminal once; the name shows with the serial on the
 * counter, and the back office tells which terminal was used last and when.
 */
import { test, expect } from './testing/fixtures.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { Bank } from './testing/bank.js';
import { charge, expectHeading, snap } from './testing/cashier.js';
import { kill } from './testing/processes.js';

const T = SANDBOX_TERMINALS.fr;

test('a named terminal reads "name (serial)" on the counter, and its last use is shown', async ({ page, startHarness }, info) => {
  let harness = await startHarness();
  const bank = new Bank(harness.bankUrl);
  const serial = await bank.poiId(T.approve);
  const otherSerial = await bank.poiId(T.refuse);
  await page.goto(harness.url);
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Terminals' }).click();

  await page.getByLabel(`Name of terminal ${serial}`).fill('Comptoir');
  await page.getByRole('row', { name: new RegExp(serial) }).getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Terminal named' })).toHaveText('Terminal named "Comptoir"');

  // Two terminals never read the same.
  await page.getByLabel(`Name of terminal ${otherSerial}`).fill('comptoir');
  await page.getByRole('row', { name: new RegExp(otherSerial) }).getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('alert')).toContainText('Another terminal is already called "comptoir"');
  await expect(page.getByRole('alert').getByText('Another terminal is already called "comptoir"'), 'said once, not repeated under itself').toHaveCount(1);
  await page.getByLabel(`Name of terminal ${otherSerial}`).fill('Terrasse');
  await page.getByRole('row', { name: new RegExp(otherSerial) }).getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Terminal named' })).toHaveText('Terminal named "Terrasse"');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await snap(page, info, '73-terminals-named');

  await page.getByRole('button', { name: 'Counter' }).click();
  const picker = page.getByLabel('Terminal');
  await expect(picker.locator('option', { hasText: `Comptoir (${serial})` })).toHaveCount(1);
  await expect(picker.locator('option', { hasText: `Terrasse (${otherSerial})` })).toHaveCount(1);
  await charge(page, '1250', T.approve);
  await expectHeading(page, 'Paid');
  await expect(page.getByText(`Comptoir (${serial})`).first()).toBeVisible();
  await snap(page, info, '74-counter-named-terminal');
  // The counter's own picker says which terminal was used last, and when, in words.
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(picker.locator('option', { hasText: `Comptoir (${serial})` })).toHaveText(new RegExp(`^Comptoir \\(${serial}\\) · last used \\d{1,2}:\\d{2}`));
  await expect(picker.locator('option', { hasText: `Terrasse (${otherSerial})` })).toHaveText(`Terrasse (${otherSerial})`);
  await expect(page.getByText(`Used last: Comptoir (${serial}), `)).toBeVisible();
  await snap(page, info, '74b-counter-last-used');

  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Terminals' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'Last used' })).toContainText(`Comptoir (${serial})`);
  await expect(page.getByRole('row', { name: new RegExp(otherSerial) })).toContainText('Not used yet');
  await snap(page, info, '75-terminals-last-used');

  // Names belong to the shop, not to a browser tab: a restart keeps them.
  await kill(harness);
  harness = await startHarness({ dataDir: harness.dataDir });
  await page.goto(harness.url);
  await expect(page.getByLabel('Terminal').locator('option', { hasText: `Comptoir (${serial})` })).toHaveCount(1);
});
