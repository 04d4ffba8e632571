/**
 * The bank's codes in words: payment methods, refusal reasons (with what the
 * cashier does next), card statuses, levels and categories, client kinds.
 * A code the bank adds later is never shown raw: it becomes a readable form
 * of itself ("new_thing" → "New thing").
 */
import type { MessageId } from './catalogs/en.js';
import type { Translate } from './translate.js';

/** Brand names read the same in every language, so they live here rather than five times in the catalogs. */
const PAYMENT_METHODS: Record<string, string> = {
  cartebancaire: 'Carte Bancaire', cb: 'Carte Bancaire', visa: 'Visa', mastercard: 'Mastercard', maestro: 'Maestro',
  amex: 'American Express', american_express: 'American Express', vpay: 'V PAY', v_pay: 'V PAY',
  bancomat: 'Bancomat', pagobancomat: 'Bancomat', girocard: 'girocard',
};

const REFUSALS: Record<string, MessageId> = {
  insufficient_funds: 'bank.refusal.insufficient_funds',
  expired_card: 'bank.refusal.expired_card',
  incorrect_pin: 'bank.refusal.incorrect_pin', wrong_pin: 'bank.refusal.incorrect_pin', invalid_pin: 'bank.refusal.incorrect_pin',
  pin_try_exceeded: 'bank.refusal.pin_try_exceeded', pin_tries_exceeded: 'bank.refusal.pin_try_exceeded',
  card_blocked: 'bank.refusal.card_blocked', blocked_card: 'bank.refusal.card_blocked',
  lost_card: 'bank.refusal.lost_card', stolen_card: 'bank.refusal.stolen_card',
  do_not_honor: 'bank.refusal.do_not_honor', generic_decline: 'bank.refusal.do_not_honor', card_declined: 'bank.refusal.do_not_honor',
  card_not_supported: 'bank.refusal.card_not_supported',
  contactless_limit_exceeded: 'bank.refusal.contactless_limit_exceeded',
  cancelled_by_cardholder: 'bank.refusal.cancelled_by_cardholder', canceled_by_cardholder: 'bank.refusal.cancelled_by_cardholder',
  cancelled_by_customer: 'bank.refusal.cancelled_by_cardholder',
  amount_limit_exceeded: 'bank.refusal.amount_limit_exceeded',
  issuer_unavailable: 'bank.refusal.issuer_unavailable',
  terminal_busy: 'bank.refusal.terminal_busy',
};

const CARD_STATUSES: Record<string, MessageId> = {
  pending: 'bank.cardStatus.pending', live: 'bank.cardStatus.live', paused: 'bank.cardStatus.paused',
  stolen: 'bank.cardStatus.stolen', lost: 'bank.cardStatus.lost', pin_blocked: 'bank.cardStatus.pin_blocked',
  discarded: 'bank.cardStatus.discarded', expired: 'bank.cardStatus.expired', shipped_lost: 'bank.cardStatus.shipped_lost',
  onhold: 'bank.cardStatus.onhold', order_canceled: 'bank.cardStatus.order_canceled',
  pre_expired: 'bank.cardStatus.pre_expired', abusive: 'bank.cardStatus.abusive',
};

const CARD_LEVELS: Record<string, MessageId> = {
  standard: 'bank.cardLevel.standard', plus: 'bank.cardLevel.plus', metal: 'bank.cardLevel.metal',
  virtual: 'bank.cardLevel.virtual', virtual_partner: 'bank.cardLevel.virtual_partner',
  flash: 'bank.cardLevel.flash', advertising: 'bank.cardLevel.advertising',
};

const CARD_CATEGORIES: Record<string, MessageId> = {
  transport: 'bank.cardCategory.transport', restaurant_and_bar: 'bank.cardCategory.restaurant_and_bar',
  food_and_grocery: 'bank.cardCategory.food_and_grocery', it_and_electronics: 'bank.cardCategory.it_and_electronics',
  utility: 'bank.cardCategory.utility', tax: 'bank.cardCategory.tax',
  legal_and_accounting: 'bank.cardCategory.legal_and_accounting', atm: 'bank.cardCategory.atm',
  office_supply: 'bank.cardCategory.office_supply', hardware_and_equipment: 'bank.cardCategory.hardware_and_equipment',
  finance: 'bank.cardCategory.finance',
};

const CLIENT_KINDS: Record<string, MessageId> = {
  individual: 'bank.clientKind.individual', company: 'bank.clientKind.company', freelancer: 'bank.clientKind.freelancer',
};

/** "pin_blocked" → "Pin blocked", "IT-AND-ELECTRONICS" → "It and electronics": the last resort for a code no table knows. */
export function readableCode(code: string): string {
  const s = code.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : code;
}

const key = (code: string) => code.trim().toLowerCase();
const lookup = (table: Record<string, MessageId>, t: Translate, code: string): string => {
  const id = Object.hasOwn(table, key(code)) ? table[key(code)] : undefined;
  return id ? t(id) : readableCode(code);
};

export const paymentMethodWords = (code: string): string =>
  (Object.hasOwn(PAYMENT_METHODS, key(code)) ? PAYMENT_METHODS[key(code)]! : readableCode(code));
export const cardStatusWords = (t: Translate, code: string) => lookup(CARD_STATUSES, t, code);
export const cardLevelWords = (t: Translate, code: string) => lookup(CARD_LEVELS, t, code);
export const cardCategoryWords = (t: Translate, code: string) => lookup(CARD_CATEGORIES, t, code);
export const clientKindWords = (t: Translate, code: string) => lookup(CLIENT_KINDS, t, code);

/** Why the card was refused and what the cashier does next; a missing reason still says what to do. */
export function refusalWords(t: Translate, code: string | null | undefined): string {
  if (!code || !code.trim()) return t('bank.refusal.none');
  const id = Object.hasOwn(REFUSALS, key(code)) ? REFUSALS[key(code)] : undefined;
  return id ? t(id) : t('bank.refusal.other', { reason: readableCode(code) });
}
