/**
 * The staff list shared through the store, end to end: two real harnesses (each its own data
 * folder), one standalone sandbox bank and one real PostgreSQL. A manager adds a cashier on one
 * register; she signs in on the other, whose counter never had her.
 */
import { test, expect } from './testing/fixtures.js';
import { snap } from './testing/cashier.js';

test.setTimeout(120_000);

test('a person added on one register signs in on the other', async ({ browser, startHarness, sandbox, store: pg }, info) => {
  const store = pg.database('staff').url;
  const register = (name: string) => startHarness({ apiBaseUrl: sandbox.url, store: { url: store, registerName: name } });
  const [h1, h2] = [await register('Caisse 1'), await register('Caisse 2')];
  const [p1, p2] = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];

  await p1.goto(h1.url);
  await p1.getByRole('button', { name: 'Back office' }).click();
  await p1.getByRole('tab', { name: 'Staff' }).click();
  for (const [name, role, pin] of [['Maria', 'manager', '9999'], ['Anna', 'cashier', '1111']] as const) {
    const form = p1.getByRole('form', { name: 'Add to the staff' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Role').selectOption(role);
    await form.getByLabel('PIN (4 to 8 digits)').fill(pin);
    await form.getByRole('button', { name: 'Add to the staff' }).click();
    await expect(p1.getByText(`${name} was added.`)).toBeVisible();
  }

  // The other register's counter asks who is selling (once its store answers) and knows Anna.
  await p2.goto(h2.url);
  const who = p2.getByRole('region', { name: 'Who is selling?' });
  await expect(async () => {
    await p2.reload();
    await expect(who.getByRole('button', { name: 'Anna', exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await who.getByRole('button', { name: 'Anna', exact: true }).click();
  await p2.getByLabel('PIN of Anna').fill('1111');
  await p2.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(p2.getByText('Selling: Anna')).toBeVisible();
  await snap(p2, info, 'staff-store-other-register');
});
