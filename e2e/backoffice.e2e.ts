/**
 * The manager's back office against the sandbox: cards (lock and unlock),
 * clients (validation before sending, then a real create) and organization. Screenshots of each section are kept for review.
 */
import { test, expect } from './testing/fixtures.js';
import { snap } from './testing/cashier.js';
import type { Client } from '../shared/domain/bank.js';
import { SANDBOX_E_INVOICING } from '../electron/sandbox/seed-ids.js';



test('a manager locks and unlocks a card', async ({ manager: page }, info) => {
  await page.getByRole('tab', { name: 'Cards' }).click();
  const lock = page.getByRole('button', { name: 'Lock', exact: true }).first();
  await expect(lock).toBeVisible();
  await snap(page, info, '11-backoffice-cards');
  const cardName = await page.locator(`#${await lock.getAttribute('aria-describedby')}`).textContent();
  await lock.click();
  await expect(page.getByRole('status').filter({ hasText: 'Card locked' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: cardName ?? '' }).first();
  await expect(card).toContainText('Locked');
  await card.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Card unlocked' })).toBeVisible();
});

test('a new client is checked before it is sent, then created', async ({ manager: page }, info) => {
  await page.getByRole('tab', { name: 'Clients' }).click();
  await page.getByRole('button', { name: 'New client' }).click();
  const form = page.getByRole('form', { name: 'New client' });
  await form.getByLabel('Kind').selectOption('company');
  await form.getByLabel('VAT number').fill('FR12');
  await form.getByRole('button', { name: 'Create client' }).click();
  await expect(form).toContainText(/name/i);
  await expect(form).toContainText(/FR/);
  await snap(page, info, '12-backoffice-client-invalid');
  await form.getByLabel('Company name', { exact: false }).first().fill('Café des Arts');
  await form.getByLabel('VAT number').fill('FR12123456789');
  await form.getByRole('button', { name: 'Create client' }).click();
  await expect(form).toBeHidden();
  await page.getByLabel('Search clients').fill('Café des');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Café des Arts').first()).toBeVisible();
  await snap(page, info, '13-backoffice-clients');
});

test('a client opens with every field the sandbox stored, and what an invoice needs is flagged', async ({ manager: page, bank }, info) => {
  const { client } = await bank.api<{ client: Client }>('/v2/clients', {
    method: 'POST',
    body: {
      kind: 'company', name: 'Brasserie du Port', email: 'compta@brasserie-port.example', extra_emails: ['chef@brasserie-port.example', 'gerant@brasserie-port.example'],
      phone: { country_code: '+33', number: '491234567' }, vat_number: 'FR32356000000', tax_identification_number: '356000000',
      e_invoicing_address: SANDBOX_E_INVOICING.reachable, currency: 'EUR', locale: 'fr', recipient_code: 'ABC1234',
      billing_address: { street_address: '12 quai du Port', city: 'Marseille', zip_code: '13002', country_code: 'FR' },
      delivery_address: { street_address: '3 rue de la Loge', city: 'Marseille', zip_code: '13002', province_code: 'MI', country_code: 'FR' },
    },
  });
  const stored = (await bank.api<{ client: Client }>(`/v2/clients/${client.id}`)).client;
  await page.getByRole('tab', { name: 'Clients' }).click();
  await page.getByLabel('Search clients').fill('Brasserie du');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Brasserie du Port' }).click();
  const dialog = page.getByRole('dialog', { name: 'Brasserie du Port' });
  await expect(dialog).toContainText('Ready to invoice');
  // Every text the bank stored is on screen: ids and machine dates aside (shown as dates), and the
  // deprecated phone_number, which repeats the phone shown as "+33 491234567".
  expect(stored.phone_number ?? '+33491234567').toBe('+33491234567');
  const texts: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'string' && !['id', 'created_at', 'updated_at', 'kind', 'type', 'phone_number'].includes(key) && v) texts.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => walk(x, k));
  };
  walk(stored, '');
  expect(texts.length).toBeGreaterThan(15);
  for (const t of texts) await expect(dialog).toContainText(t);
  await expect(dialog).toContainText('Can receive e-invoices');
  await expect(dialog.getByText('Yes', { exact: true })).toBeVisible();
  await snap(page, info, '60-client-detail');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('Search clients').fill('Atelier V');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Atelier Vélo Lyon' }).click();
  const bare = page.getByRole('dialog', { name: 'Atelier Vélo Lyon' });
  await expect(bare).toContainText('Before this client can be invoiced, add an invoice currency, a document language, a billing address');
  await expect(bare.getByText('Missing: needed to invoice')).toHaveCount(3);
  await snap(page, info, '61-client-detail-incomplete');
});

test('the client list sorts by name, creation or change date, as the sandbox does', async ({ manager: page, bank }) => {
  await page.getByRole('tab', { name: 'Clients' }).click();
  const names = () => page.getByRole('table').locator('tbody tr td:first-child').allTextContents();
  const display = (c: Client) => c.name || [c.first_name, c.last_name].filter(Boolean).join(' ');
  for (const sort of ['created_at:desc', 'updated_at:asc', 'name:desc'] as const) {
    await page.getByLabel('Sort by').selectOption(sort);
    const expected = (await bank.api<{ clients: Client[] }>(`/v2/clients?sort_by=${sort}&per_page=20`)).clients.map(display);
    await expect.poll(names).toEqual(expected);
  }
});

test('the organization shows accounts at this bank, and at other banks only when the manager asks', async ({ manager: page }, info) => {
  await page.getByRole('tab', { name: 'Organization' }).click();
  await expect(page.getByText('Boulangerie Martin SAS')).toBeVisible();
  const internal = page.getByRole('table', { name: 'Accounts at this bank' });
  await expect(internal).toContainText('FR7616958000013568241907342');
  await expect(internal).toContainText('QNTOFRP1XXX');
  await expect(internal.getByRole('row', { name: /Compte principal/ })).toContainText('Main account');
  await expect(page.getByRole('table', { name: 'Accounts at other banks' })).toHaveCount(0);
  await expect(page.getByText('Banque Populaire (externe)')).toHaveCount(0);
  await snap(page, info, '14-backoffice-organization');

  await page.getByLabel('Also show accounts at other banks connected to this company').check();
  const external = page.getByRole('table', { name: 'Accounts at other banks' });
  await expect(external).toContainText('Banque Populaire (externe)');
  await expect(external).toContainText('48213377');
  await expect(internal).not.toContainText('Banque Populaire');
  await snap(page, info, '62-backoffice-organization-external');
});
