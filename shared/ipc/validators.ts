/** Request validators of the IPC contract: shape and limits of what the renderer may send. */
import { CARD_LEVELS, CARD_STATUSES, CARD_CATEGORIES, type CardListQuery, type ClientListQuery, type ClientCreateBody } from '../domain/bank.js';
import { invalid, valid, type Validated } from '../result.js';
import { Reader, UUID_RE } from '../validation/read.js';
import { amountIssues, metadataIssues, PAYMENT_CURRENCIES } from '../validation/terminal-payment.js';
import { validateClientCreate } from '../validation/client.js';
import type { JsonObject } from '../json.js';
import type { AttemptRef, CardRef, ChargeRequest, CloseDayRequest, CorrectDayRequest, PinRequest, RetryRequest, SaveEnvironmentSettingsRequest } from './contract.js';
import type { DayRange, HistoryQuery } from '../domain/day-report.js';
import { isDay } from '../domain/calendar-day.js';
import { BANK_ENVIRONMENTS, ENVIRONMENTS, type BankEnvironment, type BankEnvironmentSettings, type Environment } from './types.js';

function finish<T>(r: Reader, value: T): Validated<T> {
  return r.issues.length ? invalid(r.issues) : valid(value);
}

function withObject<T>(input: unknown, known: readonly string[], read: (r: Reader, o: Record<string, unknown>) => T): Validated<T> {
  const r = new Reader();
  const o = r.object(input);
  if (!o) return invalid(r.issues);
  r.noExtraKeys(o, known);
  const value = read(r, o);
  return finish(r, value);
}

export function empty(input: unknown): Validated<void> {
  if (input === undefined || input === null) return valid(undefined);
  if (typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0) return valid(undefined);
  return invalid([{ pointer: '/', code: 'invalid', detail: 'this request takes no parameters' }]);
}

const id = (r: Reader, o: Record<string, unknown>, key: string): string => {
  const s = r.string(o, key, { required: true, max: 100 });
  if (s !== undefined && !/^[A-Za-z0-9_-]+$/.test(s)) r.issue(`/${key}`, 'invalid', `${key} is not a valid identifier`);
  return s ?? '';
};

const uuid = (r: Reader, o: Record<string, unknown>, key: string): string => {
  const s = r.string(o, key, { required: true });
  if (s !== undefined && !UUID_RE.test(s)) r.issue(`/${key}`, 'invalid', `${key} must be a UUID`);
  return s ?? '';
};

export const terminalRef = (input: unknown) => withObject(input, ['terminalId'], (r, o) => ({ terminalId: id(r, o, 'terminalId') }));
export const attemptRef = (input: unknown) => withObject<AttemptRef>(input, ['attemptId'], (r, o) => ({ attemptId: uuid(r, o, 'attemptId') }));
export const cardRef = (input: unknown) => withObject<CardRef>(input, ['cardId'], (r, o) => ({ cardId: id(r, o, 'cardId') }));
export const clientRef = (input: unknown) => withObject(input, ['clientId'], (r, o) => ({ clientId: id(r, o, 'clientId') }));

export const retryRequest = (input: unknown) =>
  withObject<RetryRequest>(input, ['attemptId', 'confirmedNoPayment'], (r, o) => ({
    attemptId: uuid(r, o, 'attemptId'),
    confirmedNoPayment: r.boolean(o, 'confirmedNoPayment', { required: true }) ?? false,
  }));

export const chargeRequest = (input: unknown) =>
  withObject<ChargeRequest>(input, ['terminalId', 'amountMinor', 'currency', 'metadata', 'confirmedTerminalFree'], (r, o) => {
    const terminalId = id(r, o, 'terminalId');
    const amountMinor = r.integer(o, 'amountMinor', { required: true });
    if (amountMinor !== undefined) r.issues.push(...amountIssues(amountMinor));
    const currency = r.oneOf(o, 'currency', PAYMENT_CURRENCIES, { required: true });
    const metadata = o.metadata ?? {};
    r.issues.push(...metadataIssues(metadata));
    const confirmed = r.boolean(o, 'confirmedTerminalFree');
    return {
      terminalId, amountMinor: amountMinor ?? 0, currency: currency ?? 'EUR', metadata: metadata as JsonObject,
      ...(confirmed === true ? { confirmedTerminalFree: true } : {}),
    };
  });

export const renameCard = (input: unknown) =>
  withObject(input, ['cardId', 'nickname'], (r, o) => {
    const nickname = r.string(o, 'nickname', { required: true, min: 1, max: 40 });
    return { cardId: id(r, o, 'cardId'), nickname: nickname ?? '' };
  });

export const cardRestrictions = (input: unknown) =>
  withObject(input, ['cardId', 'active_days', 'categories'], (r, o) => {
    const days = o.active_days;
    if (!Array.isArray(days) || days.some((d) => !Number.isInteger(d) || d < 1 || d > 7) || new Set(days).size !== days.length) {
      r.issue('/active_days', 'invalid', 'active_days must list distinct weekdays from 1 (Monday) to 7 (Sunday)');
    }
    const categories = r.stringArray(o, 'categories', { allowed: CARD_CATEGORIES });
    if (categories === undefined && o.categories === undefined) r.issue('/categories', 'missing', 'categories is required ([] means unrestricted)');
    return { cardId: id(r, o, 'cardId'), active_days: (days as number[]) ?? [], categories: categories ?? [] };
  });

const SORTS = ['status', 'nickname', 'last_activity_at', 'created_at'].flatMap((f) => [`${f}:asc`, `${f}:desc`]);

export const cardListQuery = (input: unknown) =>
  withObject<CardListQuery>(input ?? {}, ['query', 'sort_by', 'holder_id', 'statuses', 'card_levels', 'bank_account_ids', 'ids', 'page', 'per_page'], (r, o) => ({
    query: r.string(o, 'query', { max: 200 }),
    sort_by: r.oneOf(o, 'sort_by', SORTS) as CardListQuery['sort_by'],
    holder_id: r.string(o, 'holder_id', { max: 100 }),
    statuses: r.stringArray(o, 'statuses', { allowed: CARD_STATUSES }) as CardListQuery['statuses'],
    card_levels: r.stringArray(o, 'card_levels', { allowed: CARD_LEVELS }) as CardListQuery['card_levels'],
    bank_account_ids: r.stringArray(o, 'bank_account_ids', { maxItems: 100 }),
    ids: r.stringArray(o, 'ids', { maxItems: 100 }),
    page: r.integer(o, 'page', { min: 1 }),
    per_page: r.integer(o, 'per_page', { min: 1, max: 100 }),
  }));

const CLIENT_SORTS = ['created_at', 'updated_at', 'name'].flatMap((f) => [`${f}:asc`, `${f}:desc`]);

export const clientListQuery = (input: unknown) =>
  withObject<ClientListQuery>(input ?? {}, ['name', 'email', 'vat_number', 'tax_identification_number', 'updated_at_from', 'updated_at_to', 'sort_by', 'page', 'per_page'], (r, o) => {
    const name = r.string(o, 'name', { max: 250 });
    if (name !== undefined && name.trim().length < 2) r.issue('/name', 'too_short', 'search by name needs at least 2 characters');
    return {
      name,
      email: r.string(o, 'email', { max: 250 }),
      vat_number: r.string(o, 'vat_number', { max: 20 }),
      tax_identification_number: r.string(o, 'tax_identification_number', { max: 30 }),
      updated_at_from: r.string(o, 'updated_at_from', { max: 40 }),
      updated_at_to: r.string(o, 'updated_at_to', { max: 40 }),
      sort_by: r.oneOf(o, 'sort_by', CLIENT_SORTS) as ClientListQuery['sort_by'],
      page: r.integer(o, 'page', { min: 1 }),
      per_page: r.integer(o, 'per_page', { min: 1, max: 100 }),
    };
  });

/** Organization-specific rules (Italian province codes) are checked again in main, where the organization is known. */
export const clientCreate = (input: unknown): Validated<ClientCreateBody> => validateClientCreate(input, { organizationCountry: null });


/** An API or OAuth server address; production only over https because tokens travel on it. */
function serverUrl(r: Reader, o: Record<string, unknown>, key: string, environment: BankEnvironment | undefined): string {
  const s = r.string(o, key, { required: true, max: 300 })?.trim();
  if (s === undefined) return '';
  let url: URL | null = null;
  try {
    url = new URL(s);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    r.issue(`/${key}`, 'invalid', `${key} must be a web address such as https://bank.example`);
  } else if (environment === 'production' && url.protocol !== 'https:') {
    r.issue(`/${key}`, 'invalid', `${key} must start with https:// in production: tokens travel on this connection`);
  } else if (url.search || url.hash || url.username || url.password) {
    r.issue(`/${key}`, 'invalid', `${key} must be a plain address, without query, fragment or user name`);
  }
  return s.replace(/\/+$/, '');
}

/** Secrets are pasted; a stray space or line break would only fail later, at the bank, in worse words. */
function secret(r: Reader, o: Record<string, unknown>, key: string): string | undefined {
  const s = r.string(o, key, { min: 1, max: 2000 });
  if (s !== undefined && /\s/.test(s)) r.issue(`/${key}`, 'invalid', `${key} must not contain spaces or line breaks (check what was pasted)`);
  return s;
}

function bankSettingsFields(r: Reader, o: Record<string, unknown>, environment: BankEnvironment | undefined): BankEnvironmentSettings {
  const clientId = r.string(o, 'clientId', { required: true, min: 1, max: 200 })?.trim() ?? '';
  if (o.clientId !== undefined && /\s/.test(clientId)) r.issue('/clientId', 'invalid', 'clientId must not contain spaces');
  return {
    apiBaseUrl: serverUrl(r, o, 'apiBaseUrl', environment),
    oauthBaseUrl: serverUrl(r, o, 'oauthBaseUrl', environment),
    clientId,
    // Below 1024 needs administrator rights to listen on.
    redirectPort: r.integer(o, 'redirectPort', { required: true, min: 1024, max: 65535 }) ?? 0,
  };
}

const BANK_SETTINGS_KEYS = ['apiBaseUrl', 'oauthBaseUrl', 'clientId', 'redirectPort'] as const;

/** The saved, non-secret settings of a bank environment (also used to read them back from disk). */
export const bankEnvironmentSettings = (input: unknown, environment: BankEnvironment) =>
  withObject<BankEnvironmentSettings>(input, BANK_SETTINGS_KEYS, (r, o) => bankSettingsFields(r, o, environment));

export const saveEnvironmentSettings = (input: unknown) =>
  withObject<SaveEnvironmentSettingsRequest>(input, ['environment', ...BANK_SETTINGS_KEYS, 'clientSecret', 'stagingToken'], (r, o) => {
    const environment = r.oneOf(o, 'environment', BANK_ENVIRONMENTS, { required: true });
    const fields = bankSettingsFields(r, o, environment);
    const clientSecret = secret(r, o, 'clientSecret');
    const stagingToken = o.stagingToken === null ? null : secret(r, o, 'stagingToken');
    if (environment === 'production' && o.stagingToken !== undefined) {
      r.issue('/stagingToken', 'unknown_field', 'only the bank sandbox uses a staging token');
    }
    return {
      environment: environment ?? 'sandbox',
      ...fields,
      ...(clientSecret !== undefined ? { clientSecret } : {}),
      ...(stagingToken !== undefined ? { stagingToken } : {}),
    };
  });

export const environmentRef = (input: unknown) =>
  withObject<{ environment: Environment }>(input, ['environment'], (r, o) => ({
    environment: r.oneOf(o, 'environment', ENVIRONMENTS, { required: true }) ?? 'training',
  }));

export const pinRequest = (input: unknown) =>
  withObject<PinRequest>(input, ['pin'], (r, o) => {
    const pin = r.string(o, 'pin', { required: true, max: 8 }) ?? '';
    if (o.pin !== undefined && !/^[0-9]{4,8}$/.test(pin)) r.issue('/pin', 'invalid', 'The manager PIN is 4 to 8 digits.');
    return { pin };
  });

export const acceptRisk = (input: unknown) =>
  withObject<{ accept: boolean }>(input, ['accept'], (r, o) => ({ accept: r.boolean(o, 'accept', { required: true }) ?? false }));

const REPORT_STATUSES = ['authorized', 'refused', 'rejected', 'no_answer', 'open'] as const;

function day(r: Reader, o: Record<string, unknown>, key: string): string {
  const s = r.string(o, key, { required: true, max: 10 });
  if (s !== undefined && !isDay(s)) r.issue(`/${key}`, 'invalid', `${key} must be a calendar day written YYYY-MM-DD`);
  return s ?? '';
}

function range(r: Reader, o: Record<string, unknown>): DayRange {
  const from = day(r, o, 'from');
  const to = day(r, o, 'to');
  if (from && to && from > to) r.issue('/to', 'invalid', 'the range must not end before it starts');
  return { from, to };
}

/** A person's name as typed at the register: required, short, one line. */
function personName(r: Reader, o: Record<string, unknown>, key: string): string {
  const s = r.string(o, key, { required: true, max: 60 });
  if (s !== undefined && (s.trim() === '' || /[\r\n]/.test(s))) r.issue(`/${key}`, 'invalid', `${key} must be a name on one line`);
  return s?.trim() ?? '';
}

export const dayRange = (input: unknown) => withObject<DayRange>(input, ['from', 'to'], range);

export const historyQuery = (input: unknown) =>
  withObject<HistoryQuery>(input, ['from', 'to', 'registerId', 'terminalId', 'status', 'search'], (r, o) => {
    const q: HistoryQuery = range(r, o);
    const registerId = r.string(o, 'registerId', { max: 100 });
    const terminalId = r.string(o, 'terminalId', { max: 100 });
    const status = r.oneOf(o, 'status', REPORT_STATUSES);
    const search = r.string(o, 'search', { max: 100 });
    if (registerId) q.registerId = registerId;
    if (terminalId) q.terminalId = terminalId;
    if (status) q.status = status;
    if (search) q.search = search;
    return q;
  });

export const closeDayRequest = (input: unknown) =>
  withObject<CloseDayRequest>(input, ['day', 'closedBy'], (r, o) => ({ day: day(r, o, 'day'), closedBy: personName(r, o, 'closedBy') }));

export const correctDayRequest = (input: unknown) =>
  withObject<CorrectDayRequest>(input, ['day', 'by', 'note'], (r, o) => {
    const note = r.string(o, 'note', { required: true, min: 1, max: 500 });
    return { day: day(r, o, 'day'), by: personName(r, o, 'by'), note: note?.trim() ?? '' };
  });
