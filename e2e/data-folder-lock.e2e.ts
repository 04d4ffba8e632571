/** Two harnesses on one data folder: the second is refused by name; after kill -9 of the first a restart takes the folder at once. */
import { test, expect } from './testing/fixtures.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kill } from './testing/processes.js';

test('a second process on the data folder is refused; a restart after kill -9 takes it at once', async ({ page, startHarness }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-lock-'));
  const first = await startHarness({ dataDir });
  try {
    const refused = await startHarness({ dataDir }).then(() => null, (e: unknown) => String(e));
    expect(refused).toContain(`could not start: The data folder ${dataDir} is already in use by the Counterpay harness (npm run harness) (process ${first.proc.pid},`);
    // The first one is untouched by the attempt.
    await page.goto(first.url);
    await expect(page.getByRole('button', { name: 'Charge' })).toBeVisible();
  } finally {
    await kill(first);
  }
  const started = Date.now();
  const restarted = await startHarness({ dataDir });
  try {
    expect(Date.now() - started).toBeLessThan(15_000);
    await page.goto(restarted.url);
    await expect(page.getByRole('button', { name: 'Charge' })).toBeVisible();
  } finally {
    await kill(restarted);
  }
});
