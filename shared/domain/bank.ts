/**
 * Resources of the bank API as Counterpay reads them (docs/bank-api.md, with how
 * sure each undocumented shape is). Only fields the app
 * uses are typed strictly; the rest pass through untouched.
 */
import type { ApiAmount } from '../money.js';
import type { JsonObject } from '../json.js';

export interface PageMeta {
  current_page: number;
  next_page: number | null;
  prev_page: number | null;
  total_pages: number;
  total_count: number;
  per_page: number;
}

export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

export type ClientKind = 'individual' | 'company' | 'freelancer';

export interface AddressObject {
  street_address?: string;
  city?: string;
  zip_code?: string;
  province_code?: string;
  country_code?: string;
}

export interface Phone {
  country_code: string;
  number: string;
}

/** Body of POST /v2/clients (the bank's two body forms in one type; validation tells them apart). */
export interface ClientCreateBody {
  kind: ClientKind;
  type?: ClientKind;
  name?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  extra_emails?: string[] | null;
  phone?: Phone;
  e_invoicing_address?: string;
  vat_number?: string;
  tax_identification_number?: string;
  address?: string;
  city?: string;
  zip_code?: string;
  province_code?: string;
  country_code?: string;
  billing_address?: AddressObject;
  delivery_address?: AddressObject;
  recipient_code?: string;
  currency?: string;
  locale?: string;
}

export interface Client extends Omit<ClientCreateBody, 'type'> {
  id: string;
  type?: ClientKind;
  phone_number?: string;
  e_invoicing_reachable: boolean;
  created_at: string;
  updated_at: string;
}

export type ClientSort = `${'created_at' | 'updated_at' | 'name'}:${'asc' | 'desc'}`;

export interface ClientListQuery {
  name?: string;
  email?: string;
  vat_number?: string;
  tax_identification_number?: string;
  updated_at_from?: string;
  updated_at_to?: string;
  sort_by?: ClientSort;
  page?: number;
  per_page?: number;
}

export const CARD_STATUSES = [
  'pending', 'live', 'paused', 'stolen', 'lost', 'pin_blocked', 'discarded', 'expired',
  'shipped_lost', 'onhold', 'order_canceled', 'pre_expired', 'abusive',
] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const CARD_LEVELS = ['standard', 'plus', 'metal', 'virtual', 'virtual_partner', 'flash', 'advertising'] as const;
export type CardLevel = (typeof CARD_LEVELS)[number];
export const PHYSICAL_CARD_LEVELS: readonly CardLevel[] = ['standard', 'plus', 'metal'];

export const CARD_CATEGORIES = [
  'transport', 'restaurant_and_bar', 'food_and_grocery', 'it_and_electronics', 'utility', 'tax',
  'legal_and_accounting', 'atm', 'office_supply', 'hardware_and_equipment', 'finance',
] as const;

export interface Card {
  id: string;
  nickname: string;
  embossed_name: string;
  status: CardStatus;
  card_level: CardLevel;
  mask_pan: string;
  last_digits: string;
  exp_month: string;
  exp_year: string;
  holder_id: string;
  bank_account_id: string;
  organization_id: string;
  active_days: number[];
  categories: string[];
  last_activity_at: string;
  created_at: string;
  updated_at: string;
  [other: string]: unknown;
}

export type CardSortField = 'status' | 'nickname' | 'last_activity_at' | 'created_at';

export interface CardListQuery {
  query?: string;
  sort_by?: `${CardSortField}:${'asc' | 'desc'}`;
  /** Membership ids of the holders; the provider's parameter is `holder_ids[]` (a `holder_id` would be ignored). */
  holder_ids?: string[];
  statuses?: CardStatus[];
  card_levels?: CardLevel[];
  bank_account_ids?: string[];
  ids?: string[];
  page?: number;
  per_page?: number;
}

/** What the back office asks for: the bank's sorts, or live cards first (two bank queries end to end). */
export type CardOrder = NonNullable<CardListQuery['sort_by']> | 'live_first';
export interface CardListRequest extends Omit<CardListQuery, 'sort_by'> {
  sort_by?: CardOrder;
}

/** What the card filters offer, read from the cards and accounts the membership can see. */
/** Names are '' when the bank gives none: each screen words that in its language. */
export interface CardFilterChoices {
  holders: { id: string; name: string }[];
  bankAccounts: { id: string; name: string }[];
  cards: { id: string; name: string; lastDigits: string }[];
  /** More cards exist than were read to build these lists (the first `cardsRead` only). */
  truncated: boolean;
  cardsRead: number;
}

/** The bank accepts card nicknames of 1 to 40 characters (docs/bank-api.md, Cards). */
export const CARD_NICKNAME_MAX = 40;

export interface CardRestrictions {
  active_days: number[];
  categories: string[];
}

export interface Terminal {
  id: string;
  poi_id: string;
  created_at: string;
  updated_at: string;
}

export type TerminalPaymentStatus = 'PENDING' | 'AUTHORIZED' | 'REFUSED';

/** What the 202 of POST /v2/terminals/{id}/payment returns (no status). */
export interface TerminalPaymentAccepted {
  id: string;
  terminal_id: string;
  amount: ApiAmount;
  created_at: string;
  metadata: JsonObject | null;
}

/** GET /v2/terminal_payments/{id}. Unknown status strings are kept and treated as not final. */
export interface TerminalPayment extends TerminalPaymentAccepted {
  poi_id?: string;
  status: TerminalPaymentStatus | string;
  authorized_amount?: ApiAmount;
  tip_amount?: ApiAmount;
  payment_method?: string;
  card_summary?: string;
  failure_reason?: string;
  updated_at?: string;
  authorized_at?: string;
}

export interface BankAccount {
  id: string;
  slug: string;
  iban: string;
  bic: string;
  currency: string;
  balance_cents: number;
  authorized_balance_cents: number;
  name: string;
  status: 'active' | 'closed';
  main: boolean;
  is_external_account: boolean;
  [other: string]: unknown;
}

export interface Organization {
  id: string;
  slug: string;
  name: string;
  locale: string;
  legal_name: string | null;
  legal_country: string;
  contract_signed_at: string;
  bank_accounts: BankAccount[];
  [other: string]: unknown;
}

/** Error item of the provider's error body. */
export interface ProviderErrorItem {
  code: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
}

export interface ProviderErrorBody {
  errors: ProviderErrorItem[];
  trace_id?: string;
}

/** Scopes Counterpay asks for; every feature names the one it needs. */
export const APP_SCOPES = [
  'organization.read', 'terminal.read', 'terminal.write', 'card.read', 'card.write',
  'client.read', 'client.write', 'offline_access',
] as const;
export type AppScope = (typeof APP_SCOPES)[number];
