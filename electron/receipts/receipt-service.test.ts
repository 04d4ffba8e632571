/**
 * Receipts for one register over real files: the first opening numbers the receipt and
 * the next says Duplicate, a restart keeps the numbers, store mode prefixes them, another
 * register's or an unpaid payment gets none, e-mail without a mail server is refused, a bad
 * address never passes the request check, and numbers that cannot be read refuse receipts without
 * stopping anything else. A refund's receipt takes the next number, points at its sale's (given
 * then if the sale had none), prints the reason only when the shop asks, and keeps its number.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Refund } from '../../shared/domain/refunds.js';
import { receiptLines, receiptText } from '../../shared/i18n/receipt-lines.js';
import { translator } from '../../shared/i18n/translate.js';
import { emailReceipt } from '../../shared/ipc/receipt-requests.js';
import { validate } from '../../shared/ipc/schema-kit.js';
import { createLogger } from '../log.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { Journal } from '../payments/journal.js';
import { journalWriter } from '../payments/testing/record-writer.js';
import { MailNotSet, ReceiptNotAvailable, ReceiptService, type ReceiptServiceOptions } from './receipt-service.js';

const sale = (registerId: string, state: Attempt['state'] = 'authorized'): Attempt => ({
  ...newAttempt({ ...SALE, registerId, saleId: null, previousAttemptId: null }, T0), state, authorizedAmountMinor: state === 'authorized' ? SALE.amountMinor : null,
});

/** Each service writes through its own journal, as each start of the app opens one engine. */
async function service(dir: string, attempts: Attempt[], over: Partial<ReceiptServiceOptions> = {}, refunds: Refund[] = []): Promise<ReceiptService> {
  const { journal } = await Journal.open(dir);
  return ReceiptService.open({
    dataDir: dir, journalDir: join(dir, 'journal'), records: journalWriter(journal, () => T0), clock: new ManualClock({ start: T0, frozen: true }), logger: createLogger(() => undefined), training: false,
    attempt: async (id) => attempts.find((a) => a.id === id && a.registerId === 'reg-1') ?? null,
    refund: async (refundId) => {
      const refund = refunds.find((r) => r.refundId === refundId);
      const sale = attempts.find((a) => a.id === refund?.attemptId && a.registerId === 'reg-1');
      return refund && sale ? { refund, sale } : null;
    },
    register: () => ({ name: 'Caisse 1', prefix: null }), terminalName: () => 'Comptoir',
    shop: async () => ({ name: 'Boulangerie Martin', address: '12 rue des Lilas' }), printer: null, mailServer: () => null,
    ...over,
  });
}

describe('receipt service', () => {
  test('first opening numbers it, the next is a duplicate with the same number, and a restart keeps both', async () => {
    await withTempDir('counterpay-receipt-svc-', async (dir) => {
      const [a, b] = [sale('reg-1'), sale('reg-1')];
      const first = await service(dir, [a, b]);
      assert.deepEqual([(await first.open(a.id, null)).receipt.number, (await first.open(a.id, null)).receipt.duplicate], ['000001', true]);
      first.close();
      const again = await service(dir, [a, b]);
      const reprint = await again.open(a.id, null);
      assert.deepEqual([reprint.receipt.number, reprint.receipt.duplicate], ['000001', true]);
      const next = await again.open(b.id, null);
      assert.deepEqual([next.receipt.number, next.receipt.duplicate], ['000002', false]);
      assert.equal(next.receipt.shop.address, '12 rue des Lilas');
      again.close();
    });
  });

  test('store mode prefixes the number with the register; another register\'s or an unpaid payment gets no receipt', async () => {
    await withTempDir('counterpay-receipt-svc-', async (dir) => {
      const [own, other, refused] = [sale('reg-1'), sale('reg-2'), sale('reg-1', 'refused')];
      const svc = await service(dir, [own, other, refused], { register: () => ({ name: 'Caisse 1', prefix: 'Caisse 1' }) });
      assert.equal((await svc.open(own.id, null)).receipt.number, 'Caisse 1-000001');
      await assert.rejects(svc.open(other.id, null), ReceiptNotAvailable);
      await assert.rejects(svc.open(refused.id, null), ReceiptNotAvailable);
      await assert.rejects(svc.email(own.id, null, 'claire@example.org', 'fr'), MailNotSet);
      await assert.rejects(svc.print(100), ReceiptNotAvailable);
      svc.close();
      // An organization with no name at all: the register's name heads the receipt, not an empty line.
      const nameless = await service(dir, [own], { shop: async () => ({ name: '', address: null }) });
      assert.equal((await nameless.open(own.id, null)).receipt.shop.name, 'Caisse 1');
      nameless.close();
    });
  });

  test('a bad address never passes the request check', () => {
    const ok = validate(emailReceipt, { attemptId: '7d1e2f3a-4b5c-4d6e-9f70-8a9b0c1d2e3f', address: ' claire@example.org ', language: 'fr' });
    assert.ok(ok.ok && ok.value.address === 'claire@example.org');
    const bad = validate(emailReceipt, { attemptId: '7d1e2f3a-4b5c-4d6e-9f70-8a9b0c1d2e3f', address: 'claire@', language: 'fr' });
    assert.equal(bad.ok, false);
    assert.ok(!bad.ok && bad.issues[0]!.pointer === '/address');
  });

  test('receipt numbers that cannot be read refuse receipts but open, so the till keeps selling', async () => {
    await withTempDir('counterpay-receipt-svc-', async (dir) => {
      writeFileSync(join(dir, 'not-a-folder'), '');
      const a = sale('reg-1');
      const svc = await service(dir, [a], { journalDir: join(dir, 'not-a-folder') });
      await assert.rejects(svc.open(a.id, null), ReceiptNotAvailable);
      svc.close();
    });
  });

  test('a refund\'s receipt takes the next number and names its sale\'s, given then; a reprint keeps it; the reason only when the shop asks', async () => {
    await withTempDir('counterpay-receipt-svc-', async (dir) => {
      const [a, b] = [sale('reg-1'), sale('reg-1')];
      const refund: Refund = {
        refundId: '3b241101-e2bb-4255-8caf-4136c566a962', attemptId: a.id, saleId: a.saleId, paymentKey: a.idempotencyKey, terminalId: a.terminalId, registerId: 'reg-1',
        amountMinor: 500, currency: 'EUR', where: 'bank_app', reason: 'Returned one croissant', at: T0 + 3_600_000, by: 'Claire',
      };
      const svc = await service(dir, [a, b], {}, [refund]);
      const first = await svc.openRefund(refund.refundId, '2026-03-01');
      const words = (v: typeof first) => receiptText(receiptLines(v.receipt, 'en', translator('en')));
      assert.deepEqual([first.receipt.number, first.receipt.duplicate, first.receipt.refund?.originalNumber], ['000002', false, '000001']);
      for (const part of ['Refund receipt', 'Refund of receipt no.: 000001', 'Refunded: €5.00', 'Refunded through: the bank, to the card']) assert.ok(words(first).includes(part), `missing "${part}" in\n${words(first)}`);
      assert.doesNotMatch(words(first), /croissant|Paid:/);
      const original = await svc.open(a.id, null);
      assert.deepEqual([original.receipt.number, original.receipt.duplicate], ['000001', true]);
      assert.equal((await svc.open(b.id, null)).receipt.number, '000003');
      await assert.rejects(svc.openRefund('7d1e2f3a-4b5c-4d6e-9f70-8a9b0c1d2e3f', '2026-03-01'), ReceiptNotAvailable);
      await assert.rejects(svc.emailRefund(refund.refundId, '2026-03-01', 'claire@example.org', 'fr'), MailNotSet);
      await svc.saveSettings({ ...svc.settingsView(), refundReason: true });
      svc.close();
      const again = await service(dir, [a, b], {}, [refund]);
      const reprint = await again.openRefund(refund.refundId, '2026-03-01');
      assert.deepEqual([reprint.receipt.number, reprint.receipt.duplicate], ['000002', true]);
      assert.match(words(reprint), /DUPLICATE[\s\S]*Reason: Returned one croissant/);
      again.close();
    });
  });
});
