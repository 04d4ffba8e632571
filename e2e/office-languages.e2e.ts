/**
 * The office screens (terminals, cards and their dialogs, clients, a client's record, the new
 * client form, the organization) in English and in Italian. Expected words come from the
 * catalogs, and the Italian screens must show none of the English ones. One screenshot per
 * screen and language, for people to read.
 */
import { test, expect, type Page, type TestInfo } from './testing/fixtures.js';
import { snap } from './testing/cashier.js';
import { translator, type Translate } from '../shared/i18n/translate.js';


/** English words of these screens that must not survive in another language. */
const ENGLISH = ['Rename', 'Restrictions', 'Report lost', 'Sort by', 'Search cards', 'All statuses', 'Save name', 'Set as default',
  'Last used', 'New client', 'Company name', 'Billing address', 'Accounts at this bank', 'Balance', 'Main account', 'Loading', 'Days:', 'Categories:'];

async function section(page: Page, t: Translate, tab: Parameters<Translate>[0], shot: string, info: TestInfo, language: string): Promise<void> {
  await page.getByRole('tab', { name: t(tab) }).click();
  await expect(page.locator('.bo-section').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: t('office.loading') })).toHaveCount(0);
  await snap(page, info, `office-${shot}-${language}`);
  if (language === 'en') return;
  const text = await page.locator('.bo-section').first().innerText();
  for (const english of ENGLISH) expect(text, `"${english}" on the ${language} ${shot} screen`).not.toContain(english);
}

for (const language of ['en', 'it'] as const) {
  test(`the office screens in ${language}`, async ({ page, startHarness }, info) => {
    test.setTimeout(90_000);
    const t = translator(language);
    const harness = await startHarness({ locale: language });
    await page.goto(harness.url);
    await page.getByRole('button', { name: t('nav.backoffice'), exact: true }).click();

    await section(page, t, 'backoffice.tab.terminal', 'terminals', info, language);
    await expect(page.getByRole('columnheader', { name: t('office.terminals.col.serial') })).toBeVisible();

    await section(page, t, 'backoffice.tab.cards', 'cards', info, language);
    await expect(page.getByLabel(t('office.cards.search'))).toBeVisible();
    const card = page.getByRole('list', { name: t('office.cards.found') }).getByRole('listitem').first();
    await card.getByRole('button', { name: t('office.action.restrictCard') }).click();
    await expect(page.getByRole('dialog')).toContainText(t('office.restrictions.days'));
    await snap(page, info, `office-cards-restrictions-${language}`);
    await page.getByRole('dialog').getByRole('button', { name: t('office.cancel') }).click();
    await card.getByRole('button', { name: t('office.action.renameCard') }).click();
    await page.getByRole('dialog').getByLabel(t('office.rename.label')).fill('');
    await expect(page.getByRole('dialog')).toContainText(t('office.rename.empty'));
    await snap(page, info, `office-cards-rename-${language}`);
    await page.getByRole('dialog').getByRole('button', { name: t('office.cancel') }).click();
    await page.getByText(t('office.cards.holder'), { exact: true }).locator('..').locator('summary').click();
    await snap(page, info, `office-cards-holder-pick-${language}`);

    await section(page, t, 'backoffice.tab.clients', 'clients', info, language);
    await page.getByRole('button', { name: t('office.client.new') }).click();
    await expect(page.getByRole('form', { name: t('office.client.new') })).toBeVisible();
    await snap(page, info, `office-client-new-${language}`);
    await page.getByRole('button', { name: t('office.cancel') }).click();
    await page.locator('.client-row').first().getByRole('button').click();
    await expect(page.getByRole('dialog')).toContainText(t('office.client.group.identity'));
    await snap(page, info, `office-client-detail-${language}`);
    await page.getByRole('dialog').getByRole('button', { name: t('office.close') }).click();

    await section(page, t, 'backoffice.tab.organization', 'organization', info, language);
    await page.getByLabel(t('office.org.showExternal')).check();
    await expect(page.getByRole('table', { name: t('office.org.external') })).toBeVisible();
    await snap(page, info, `office-organization-external-${language}`);
  });
}
