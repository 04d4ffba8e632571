/**
 * Every screen a cashier or a manager can reach, in the order the language
 * walk visits them: each step starts where the one before left the app. Add a
 * screen by adding a row. A row marked `pending` belongs to a screen another
 * branch is still translating: it is visited and photographed, and what it
 * still shows in English is reported without failing the walk; remove the mark
 * once that branch is merged.
 */
import { expect, type Page } from '@playwright/test';
import type { MessageId } from '../../shared/i18n/catalogs/en.js';
import type { Translate } from '../../shared/i18n/translate.js';
import { SANDBOX_TERMINALS } from '../../electron/sandbox/seed-ids.js';
import { Bank, harnessControl } from './bank.js';
import type { Harness } from './processes.js';

const T = SANDBOX_TERMINALS.fr;
export const WALK_PIN = '4826';

export interface WalkContext {
  page: Page;
  t: Translate;
  harness: Harness;
  bank: Bank;
}

export interface WalkScreen {
  /** File-name friendly; the screenshot is walk-<language>-<nn>-<name>.png. */
  name: string;
  /** Who is still translating this screen (a branch name); the walk reports its English without failing. */
  pending?: string;
  open(c: WalkContext): Promise<void>;
}

const heading = (c: WalkContext, id: MessageId, timeout = 15_000) =>
  expect(c.page.getByRole('heading', { name: c.t(id) })).toBeVisible({ timeout });

async function chargeOn(c: WalkContext, digits: string, terminalId: string): Promise<void> {
  const { page, t } = c;
  await page.getByRole('button', { name: t('keypad.clear'), exact: true }).click();
  for (const d of digits) await page.getByRole('button', { name: d, exact: true }).click();
  await page.getByLabel(t('terminal.label')).selectOption(terminalId);
  await page.getByRole('button', { name: t('charge.label'), exact: true }).click();
}

const newSale = (c: WalkContext) => c.page.getByRole('button', { name: c.t('attempt.action.newSale') }).click();
const advance = (c: WalkContext, ms: number) => harnessControl(c.harness.url, 'clock', { advance_ms: ms });

async function tab(c: WalkContext, id: MessageId): Promise<void> {
  const nav = c.page.getByRole('button', { name: c.t('nav.backoffice') });
  if (await nav.isVisible()) await nav.click();
  await c.page.getByRole('tab', { name: c.t(id) }).click();
  await expect(c.page.getByRole('tab', { name: c.t(id), selected: true })).toBeVisible();
  await c.page.waitForLoadState('networkidle');
  await expect(c.page.getByText(c.t('common.loading'), { exact: true })).toHaveCount(0);
}

/** The first card's dialog for that action; the one open before is closed first. */
async function openCardDialog(c: WalkContext, action: MessageId): Promise<void> {
  await closeDialog(c);
  await c.page.getByRole('button', { name: c.t(action), exact: true }).first().click();
  await expect(c.page.getByRole('dialog')).toBeVisible();
}

async function closeDialog(c: WalkContext): Promise<void> {
  if ((await c.page.getByRole('dialog').count()) === 0) return;
  await c.page.keyboard.press('Escape');
  await expect(c.page.getByRole('dialog')).toHaveCount(0);
}

const toCounter = (c: WalkContext) => c.page.getByRole('button', { name: c.t('nav.counter'), exact: true }).click();

export const SCREENS: WalkScreen[] = [
  { name: 'counter-sale', open: async (c) => {
    await expect(c.page.getByRole('heading', { name: c.t('today.title') })).toBeVisible();
    for (const d of '1250') await c.page.getByRole('button', { name: d, exact: true }).click();
  } },
  { name: 'counter-paid', open: async (c) => {
    await c.bank.setBehaviour(T.approve, 'approve', 300);
    await chargeOn(c, '1250', T.approve);
    await heading(c, 'attempt.heading.authorized');
  } },
  { name: 'counter-refused', open: async (c) => {
    await c.bank.setBehaviour(T.refuse, 'refuse', 300);
    await newSale(c);
    await chargeOn(c, '830', T.refuse);
    await heading(c, 'attempt.heading.refused');
  } },
  { name: 'counter-charge-again-dialog', open: async (c) => {
    // A terminal that answers after the deadline: charged again, then its late answer makes a possible duplicate.
    await c.bank.setBehaviour(T.slow, 'approve', 150_000);
    await newSale(c);
    await chargeOn(c, '3500', T.slow);
    await heading(c, 'attempt.heading.accepted');
    await advance(c, 121_000);
    await heading(c, 'attempt.heading.timed_out');
    await c.page.getByRole('button', { name: c.t('attempt.action.chargeAgain') }).click();
    await expect(c.page.getByRole('dialog', { name: c.t('chargeAgain.title') })).toBeVisible();
  } },
  { name: 'counter-possible-duplicate', open: async (c) => {
    await c.bank.setBehaviour(T.slow, 'approve', 300);
    const dialog = c.page.getByRole('dialog');
    await dialog.getByLabel(c.t('chargeAgain.check')).check();
    await dialog.getByRole('button', { name: c.t('chargeAgain.confirm') }).click();
    await heading(c, 'attempt.heading.authorized');
    await advance(c, 60_000);
    await expect(c.page.getByRole('alert').filter({ hasText: c.t('attempt.flag.duplicate') })).toBeVisible();
  } },
  { name: 'counter-waiting', open: async (c) => {
    await newSale(c);
    await chargeOn(c, '4200', T.offline);
    await heading(c, 'attempt.heading.accepted');
  } },
  { name: 'counter-abandon-dialog', open: async (c) => {
    await c.page.getByRole('button', { name: c.t('attempt.action.abandon') }).click();
    await expect(c.page.getByRole('dialog', { name: c.t('abandon.title') })).toBeVisible();
  } },
  { name: 'counter-abandoned', open: async (c) => {
    // Abandoned, it stays in Today and the sale entry comes back.
    await c.page.getByRole('dialog').getByRole('button', { name: c.t('abandon.confirm') }).click();
    await expect(c.page.getByRole('dialog')).toHaveCount(0);
    await expect(c.page.getByLabel(c.t('terminal.label'))).toBeVisible();
  } },
  { name: 'counter-send-failed', open: async (c) => {
    // The network drops before the bank answers: resent with the same key, then left without an answer for good.
    await harnessControl(c.harness.url, 'network', { down: true });
    await chargeOn(c, '990', T.approve);
    await heading(c, 'attempt.heading.send_failed');
  } },
  { name: 'counter-no-answer', open: async (c) => {
    await advance(c, 121_000);
    await heading(c, 'attempt.heading.timed_out');
    await harnessControl(c.harness.url, 'network', { down: false });
  } },
  { name: 'backoffice-terminals', open: (c) => tab(c, 'backoffice.tab.terminal') },
  { name: 'backoffice-cards', open: (c) => tab(c, 'backoffice.tab.cards') },
  { name: 'cards-rename-dialog', open: (c) => openCardDialog(c, 'office.action.renameCard') },
  { name: 'cards-restrictions-dialog', open: (c) => openCardDialog(c, 'office.action.restrictCard') },
  { name: 'cards-report-lost-dialog', open: (c) => openCardDialog(c, 'office.action.reportCardLost') },
  { name: 'backoffice-clients', open: async (c) => {
    await closeDialog(c);
    await tab(c, 'backoffice.tab.clients');
  } },
  { name: 'clients-new-refused', open: async (c) => {
    // The new-client form sent empty: each box says what it needs.
    await c.page.getByRole('button', { name: c.t('office.client.new') }).click();
    await c.page.getByRole('button', { name: c.t('office.client.create') }).click();
    await expect(c.page.locator('.field-error, [role="alert"]').first()).toBeVisible();
  } },
  { name: 'backoffice-organization', open: (c) => tab(c, 'backoffice.tab.organization') },
  { name: 'backoffice-journal', open: (c) => tab(c, 'backoffice.tab.journal') },
  { name: 'backoffice-duplicates', open: async (c) => {
    await tab(c, 'backoffice.tab.duplicates');
    await expect(c.page.getByText(c.t('duplicates.question')).first()).toBeVisible();
    await expect(c.page.getByRole('button', { name: c.t('askBank.ask') }).first()).toBeVisible();
  } },
  { name: 'backoffice-settings', open: (c) => tab(c, 'backoffice.tab.settings') },
  { name: 'settings-form-refused', open: async (c) => {
    // The sandbox settings saved empty: every box says what it needs.
    const environment = c.t('environment.sandbox');
    const form = c.page.getByRole('form', { name: c.t('settings.form.title', { environment }) });
    await form.getByLabel(c.t('settings.form.redirectPort'), { exact: false }).fill('80');
    await form.getByRole('button', { name: c.t('settings.form.save', { environment }) }).click();
    await expect(form.getByText(c.t('field.port'))).toBeVisible();
    await form.scrollIntoViewIfNeeded();
  } },
  { name: 'settings-pin-set', open: async (c) => {
    const form = c.page.getByRole('form', { name: c.t('settings.pin.formSet') });
    await form.getByLabel(c.t('settings.pin.new'), { exact: true }).fill(WALK_PIN);
    await form.getByLabel(c.t('settings.pin.repeat')).fill(WALK_PIN);
    await form.getByRole('button', { name: c.t('settings.pin.set') }).click();
    await expect(c.page.getByText(c.t('settings.pin.saved'))).toBeVisible();
  } },
  { name: 'pin-prompt-wrong', open: async (c) => {
    // The lock button of the navigation (F2 would depend on where the focus is).
    await c.page.getByRole('navigation').getByRole('button', { name: new RegExp(`^${c.t('nav.lock')}`) }).click();
    // The counter shows at once, the lock is main's answer: until it came, the back office would open without a PIN.
    const locked = c.page.getByRole('navigation').getByRole('button', { name: c.t('nav.locked') });
    await expect(locked).toBeVisible();
    await locked.click();
    const prompt = c.page.getByRole('dialog', { name: c.t('pin.title') });
    await expect(prompt).toBeVisible();
    await prompt.getByLabel(c.t('pin.label'), { exact: true }).fill('0000');
    await prompt.getByRole('button', { name: c.t('pin.unlock') }).click();
    await expect(prompt.getByText(c.t('error.pinWrong.title'), { exact: true })).toBeVisible();
  } },
  { name: 'counter-locked', open: async (c) => {
    await c.page.getByRole('dialog').getByRole('button', { name: c.t('common.cancel') }).click();
    await toCounter(c);
    await expect(c.page.getByRole('heading', { name: c.t('today.title') })).toBeVisible();
  } },
];
