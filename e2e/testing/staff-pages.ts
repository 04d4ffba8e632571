/**
 * What the staff e2e suites do on the page, in the screen's language: a manager adds a person on
 * the Staff tab, a person signs in at the counter with their PIN, a cashier makes a paid sale.
 */
import { expect, type Page } from '@playwright/test';
import type { Translate } from '../../shared/i18n/translate.js';
import { chargeWith } from './in-language.js';

export async function addPerson(page: Page, t: Translate, name: string, role: 'cashier' | 'manager', pin: string): Promise<void> {
  const form = page.getByRole('form', { name: t('staff.add') });
  await form.getByLabel(t('staff.name')).fill(name);
  await form.getByLabel(t('staff.role')).selectOption(role);
  await form.getByLabel(t('staff.pin')).fill(pin);
  await form.getByRole('button', { name: t('staff.add') }).click();
  await expect(page.getByText(t('staff.added', { name }))).toBeVisible();
}

/** Taps the name and types the PIN; what the counter answers is the caller's to check. */
export async function signIn(page: Page, t: Translate, name: string, pin: string): Promise<void> {
  await page.getByRole('region', { name: t('staff.who.title') }).getByRole('button', { name, exact: true }).click();
  await page.getByLabel(t('staff.who.pinOf', { name })).fill(pin);
  await page.getByRole('button', { name: t('staff.who.signIn'), exact: true }).click();
}

/**
 * `name` is selling: named in the top bar and "who is selling?" gone. The name alone is not enough
 * while switching, since whoever was signed in stays named until the new sign-in is answered.
 */
export async function expectSelling(page: Page, t: Translate, name: string): Promise<void> {
  await expect(page.getByText(t('staff.who.selling', { name }))).toBeVisible();
  await expect(page.getByRole('region', { name: t('staff.who.title') })).toHaveCount(0);
}

/** A sale paid on `terminalId`, then the counter ready for the next. */
export async function sell(page: Page, t: Translate, digits: string, terminalId: string): Promise<void> {
  await chargeWith(page, t, digits, terminalId);
  await expect(page.getByRole('heading', { name: t('attempt.heading.authorized') })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: t('attempt.action.newSale'), exact: true }).click();
}
