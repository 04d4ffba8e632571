/**
 * The PIN guards reading too: once a manager PIN is set, the cashier's view is
 * the counter and Today only. No manager screen opens and no manager IPC
 * method answers without the PIN, whether asked through the screens or
 * straight through the harness bridge; F2 locks and unlocks; idle minutes
 * (the harness's clock) lock the view by themselves.
 */
import { test, expect, type Page } from './testing/fixtures.js';
import { en } from '../shared/i18n/catalogs/en.js';
import { CONTRACT, METHODS, type Method } from '../shared/ipc/contract.js';
import { harnessControl } from './testing/bank.js';
import { snap } from './testing/cashier.js';

const PIN = '1357';
const MANAGER_METHODS = METHODS.filter((m) => CONTRACT[m].manager);
const CASHIER_READS: Method[] = ['getAppState', 'listTerminals', 'listAttempts', 'getManagerView'];

/** Every manager method called from the page through the bridge, with an empty request: code per method. */
async function bridgeCodes(page: Page, methods: readonly Method[]): Promise<Record<string, string>> {
  return page.evaluate(async (names) => {
    const api = window.counterpay as unknown as Record<string, (req: unknown) => Promise<{ ok: boolean; error?: { code: string } }>>;
    const out: Record<string, string> = {};
    for (const m of names) {
      const r = await api[m]!(undefined);
      out[m] = r.ok ? 'ok' : r.error!.code;
    }
    return out;
  }, [...methods]);
}

const backOffice = (page: Page) => page.getByRole('tablist', { name: 'Back office' });
const counter = (page: Page) => page.getByRole('region', { name: 'Amount' });
/** The top bar's Lock: drawn once the renderer has heard from main that a PIN is set. */
const navLock = (page: Page) => page.getByRole('navigation').getByRole('button', { name: /^Lock/ });
/** The back office's entry marked locked: main has answered the lock. */
const lockedEntry = (page: Page) => page.getByRole('button', { name: /Back office.*locked/ });

async function unlockWith(page: Page, pin: string): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Manager PIN' });
  await prompt.getByLabel('Manager PIN', { exact: true }).fill(pin);
  await prompt.getByRole('button', { name: 'Unlock' }).click();
}

test('the cashier view reaches no manager screen or manager method without the PIN; F2 and idle time lock it', async ({ counter: page, harness }, info) => {
  // First run: no PIN yet, the manager view is open and asks for one.
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const pinForm = page.getByRole('form', { name: 'Set the manager PIN' });
  await pinForm.getByLabel('New PIN', { exact: true }).fill(PIN);
  await pinForm.getByLabel('Repeat the new PIN').fill(PIN);
  await pinForm.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByText('Manager PIN set')).toBeVisible();
  // That line answers the call; the top bar hears of the PIN from main's event, which may come later. F2 before it only leaves.
  await expect(navLock(page)).toBeVisible();

  // One key locks: back to the counter, the back office marked as locked.
  await page.keyboard.press('F2');
  await expect(counter(page)).toBeVisible();
  await expect(backOffice(page)).toHaveCount(0);
  await expect(lockedEntry(page)).toBeVisible();
  await snap(page, info, '40-manager-view-locked');

  // Straight through the bridge: every manager method is refused as locked, the cashier's still answer.
  const codes = await bridgeCodes(page, MANAGER_METHODS);
  expect(Object.entries(codes).filter(([, c]) => c !== 'locked')).toEqual([]);
  expect(MANAGER_METHODS.length).toBeGreaterThan(15);
  const cashier = await bridgeCodes(page, CASHIER_READS);
  expect(cashier).toEqual(Object.fromEntries(CASHIER_READS.map((m) => [m, 'ok'])));

  // The screens: the back office asks for the PIN; cancelled or wrong, nothing of it shows.
  await page.getByRole('button', { name: /Back office/ }).click();
  await expect(page.getByRole('dialog', { name: 'Manager PIN' })).toBeVisible();
  await snap(page, info, '41-manager-pin-prompt');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(backOffice(page)).toHaveCount(0);
  await page.keyboard.press('F2');
  await unlockWith(page, '0000');
  await expect(page.getByRole('dialog').getByText(en['error.pinWrong.title'], { exact: true })).toBeVisible();
  await expect(backOffice(page)).toHaveCount(0);

  // The right PIN opens the manager view.
  await unlockWith(page, PIN);
  await expect(backOffice(page)).toBeVisible();
  await page.getByRole('tab', { name: 'Organization' }).click();
  await expect(page.getByRole('button', { name: /Lock/ })).toBeVisible();
  await snap(page, info, '42-manager-view-unlocked');
  expect(await bridgeCodes(page, ['getOrganization', 'getSettings'])).toEqual({ getOrganization: 'ok', getSettings: 'ok' });

  // F2 again: locked at once. The counter shows before main has answered the lock: the bridge and the next F2 wait for the answer.
  await page.keyboard.press('F2');
  await expect(backOffice(page)).toHaveCount(0);
  await expect(lockedEntry(page)).toBeVisible();
  expect(await bridgeCodes(page, ['getOrganization'])).toEqual({ getOrganization: 'locked' });

  // Unlocked, then left alone for five minutes of the harness clock: the view locks by itself.
  await page.keyboard.press('F2');
  await unlockWith(page, PIN);
  await expect(backOffice(page)).toBeVisible();
  await harnessControl(harness.url, 'clock', { advance_ms: 5 * 60_000 + 1000 });
  await expect(backOffice(page)).toHaveCount(0);
  await expect(counter(page)).toBeVisible();
  expect(await bridgeCodes(page, ['listCards'])).toEqual({ listCards: 'locked' });
});
