/**
 * What a receipt says, from a paid attempt: the amounts asked, tipped and paid, the card,
 * the order reference and note, TRAINING and Duplicate when they apply, the notice that it
 * is neither a card slip nor a tax invoice, in each language; a refund's receipt in each
 * language; and the SMTP settings and failures the mail queue relies on.
 */
import { describe, test } from 'node:test';
import { translator } from '../../shared/i18n/translate.js';
import assert from 'node:assert/strict';
import type { Attempt } from '../../shared/domain/attempt.js';
import { buildRefundReceipt } from '../../shared/domain/refund-receipt.js';
import type { Refund } from '../../shared/domain/refunds.js';
import { buildReceipt, formatReceiptNumber, isEmailAddress, type ReceiptFacts } from '../../shared/domain/receipt.js';
import { LANGUAGES } from '../../shared/i18n/languages.js';
import { receiptHtml, receiptLines, receiptText } from '../../shared/i18n/receipt-lines.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { parseSmtpUrl, smtpUrlOf } from './smtp-config.js';
import { smtpProblem } from './smtp-problem.js';

const paid = (over: Partial<Attempt> = {}): Attempt => ({
  ...newAttempt({ ...SALE, metadata: { order_reference: 'ORDER-9', note: 'table 4' }, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0),
  state: 'authorized', authorizedAmountMinor: 1500, tipMinor: 170, paymentMethod: 'visa', cardSummary: '4242', ...over,
});

const FACTS: ReceiptFacts = {
  number: formatReceiptNumber(42, null), duplicate: false, training: false,
  shop: { name: 'Boulangerie Martin', address: '12 rue des Lilas, 75011 Paris', footer: 'Merci !' }, register: 'Caisse 1', terminal: 'Comptoir (S1F2)',
};

describe('receipt words', () => {
  test('a paid attempt gives the asked amount, the tip, the paid total, the card and the order', () => {
    const r = buildReceipt(paid(), FACTS)!;
    const text = receiptText(receiptLines(r, 'en', translator('en')));
    for (const part of ['Receipt no.: 000042', 'Amount: €13.30', 'Tip: €1.70', 'Paid: €15.00', 'Card: Visa ending 4242', 'Order reference: ORDER-9', 'Note: table 4',
      'Register: Caisse 1', 'Cashier: Caisse 1', 'Terminal: Comptoir (S1F2)', '12 rue des Lilas, 75011 Paris', 'Merci !', 'This is not a card slip and not a tax invoice.']) {
      assert.ok(text.includes(part), `missing "${part}" in\n${text}`);
    }
    assert.doesNotMatch(text, /DUPLICATE|TRAINING/);
    // A sale taken by a signed-in cashier names them; the register stands in only for nobody.
    assert.match(receiptText(receiptLines(buildReceipt(paid({ cashier: { id: 'anna-1', name: 'Anna' } }), FACTS)!, 'en', translator('en'))), /\nCashier: Anna\n/);
  });

  test('nothing was paid, nothing to hand over: no receipt', () => {
    assert.equal(buildReceipt(paid({ state: 'refused', authorizedAmountMinor: null }), FACTS), null);
  });

  test('a reprint says Duplicate, training says so, store mode prefixes the number', () => {
    const r = buildReceipt(paid(), { ...FACTS, duplicate: true, training: true, number: formatReceiptNumber(7, 'Caisse 2') })!;
    const text = receiptText(receiptLines(r, 'fr', translator('fr')));
    assert.match(text, /DUPLICATA/);
    assert.match(text, /FORMATION/);
    assert.match(text, /Caisse 2-000007/);
  });

  test('each language words the notice its own way, and the HTML escapes what the shop typed', () => {
    const notices = LANGUAGES.map((l) => receiptLines(buildReceipt(paid(), FACTS)!, l, translator(l)).find((x) => x.kind === 'notice')!.text);
    assert.equal(new Set(notices).size, LANGUAGES.length);
    const html = receiptHtml(receiptLines(buildReceipt(paid(), { ...FACTS, shop: { ...FACTS.shop, footer: '<b>Merci</b>' } })!, 'en', translator('en')), 'en');
    assert.match(html, /&#60;b&#62;Merci/);
    assert.doesNotMatch(html, /<b>Merci/);
  });

  test('a refund\'s receipt in each language: its own title, the sale\'s number and date, the amount refunded and where, TRAINING and Duplicate', () => {
    const refund: Refund = {
      refundId: 'r-1', attemptId: 'a-1', saleId: 's-1', paymentKey: 'k', terminalId: 't', registerId: 'reg-1',
      amountMinor: 450, currency: 'EUR', where: 'terminal', reason: 'Returned', at: T0 + 86_400_000, by: 'Claire',
    };
    const facts = { ...FACTS, number: formatReceiptNumber(43, null), duplicate: true, training: true, originalNumber: formatReceiptNumber(42, null), showReason: false };
    const titles = new Set<string>();
    for (const language of LANGUAGES) {
      const t = translator(language);
      const lines = receiptLines(buildRefundReceipt(paid(), refund, facts), language, t);
      const text = receiptText(lines);
      titles.add(lines.find((l) => l.kind === 'title')!.text);
      for (const part of [t('receipt.paper.refundTitle'), `${t('receipt.paper.originalNumber')}: 000042`, `${t('receipt.paper.number')}: 000043`, t('receipt.paper.duplicate'), t('receipt.paper.training'),
        `${t('receipt.paper.originalDate')}: ${t('receipt.paper.when', { at: new Date(T0) })}`, `${t('receipt.paper.refunded')}: `, t('receipt.paper.where.terminal'), 'ORDER-9']) {
        assert.ok(text.includes(part), `${language}: missing "${part}" in\n${text}`);
      }
      assert.ok(!text.includes(`${t('receipt.paper.paid')}: `) && !text.includes('Returned'), `${language}: a sale's amounts or an unasked reason in\n${text}`);
    }
    assert.equal(titles.size, LANGUAGES.length);
    // The person who gave the money back, not the sale's cashier.
    assert.match(receiptText(receiptLines(buildRefundReceipt(paid({ cashier: { id: 'anna-1', name: 'Anna' } }), refund, facts), 'en', translator('en'))), /\nCashier: Claire\n/);
    assert.match(receiptText(receiptLines(buildRefundReceipt(paid(), refund, { ...facts, showReason: true }), 'en', translator('en'))), /Refunded: €4\.50\nRefunded through: the card terminal\nReason: Returned\n/);
  });

  test('addresses: complete ones pass, partial ones do not', () => {
    for (const ok of ['claire@example.org', 'a.b+c@mail.shop.fr']) assert.equal(isEmailAddress(ok), true, ok);
    for (const bad of ['claire@', '@example.org', 'claire@example', 'claire dupont@example.org', 'claire@exa mple.org', '']) assert.equal(isEmailAddress(bad), false, bad);
  });

  test('the mail server fields make one address and read back the same, password included', () => {
    const url = smtpUrlOf({ host: 'mail.example.com', port: 465, tls: true, user: 'till@shop.fr', password: 'p@ss:word' });
    assert.equal(url, 'smtps://till%40shop.fr:p%40ss%3Aword@mail.example.com:465');
    const back = parseSmtpUrl(url);
    assert.ok(back.ok);
    assert.deepEqual(back.config, { host: 'mail.example.com', port: 465, secure: true, user: 'till@shop.fr', password: 'p@ss:word' });
    assert.equal(parseSmtpUrl('http://mail.example.com').ok, false);
  });

  test('SMTP failures are named for their cause', () => {
    assert.equal(smtpProblem({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' }), 'not_answering');
    assert.equal(smtpProblem({ code: 'EAUTH', responseCode: 535 }), 'login_refused');
    assert.equal(smtpProblem({ code: 'EENVELOPE', responseCode: 530, response: '530 Must issue a STARTTLS command first' }), 'tls_required');
    assert.equal(smtpProblem({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', response: '550 No such user here' }), 'recipient_refused');
    assert.equal(smtpProblem({ code: 'EMESSAGE', responseCode: 451, command: 'DATA' }), 'rejected');
  });
});
