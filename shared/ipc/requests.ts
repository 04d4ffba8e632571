/**
 * Every IPC request, declared once: the schema is the runtime check and its
 * output is the request type, so a key is written in one place. The contract
 * (contract.ts) points each method at one of these; nothing here knows the
 * contract, so the two never import each other.
 */
import * as v from 'valibot';
import { RESOLUTION_KINDS } from '../domain/attempt.js';
import { REFUND_PLACES } from '../domain/refunds.js';
import { CARD_CATEGORIES, CARD_LEVELS, CARD_STATUSES, type ClientCreateBody } from '../domain/bank.js';
import type { JsonObject } from '../json.js';
import { validateClientCreate } from '../validation/client.js';
import { amountIssues, metadataIssues, PAYMENT_CURRENCIES } from '../validation/terminal-payment.js';
import { flag, issuesOf, listOf, none, oneOf, quickly, reportIssues, request, text, uuid, wholeNumber } from './schema-kit.js';
import { quickCharge } from './quick-charge.js';
import { blankless } from './journal-requests.js';
import { serverUrlIssues } from './server-url.js';
import { BANK_ENVIRONMENTS, ENVIRONMENTS, type BankEnvironment } from './types.js';
import { LANGUAGES } from '../i18n/languages.js';
import { isRegisterName, REGISTER_NAME_MAX } from '../validation/register-name.js';

export { none };
export * from './journal-requests.js';

const opt = v.optional;

export const terminalRef = request({ terminalId: uuid('terminalId') });
export const attemptRef = request({ attemptId: uuid('attemptId') });
export const cardRef = request({ cardId: uuid('cardId') });
export const clientRef = request({ clientId: uuid('clientId') });
/** An empty name removes it; the name's own rules (length, uniqueness) are checked in main, where the other names are known. */
export const terminalName = request({ terminalId: uuid('terminalId'), name: text('name', 200, { min: 0 }) });


/** Charging a timed-out attempt again: only once the cashier looked at the terminal and saw no payment. */
export const chargeAgainRequest = request({
  attemptId: uuid('attemptId'),
  confirmedNoPayment: flag('confirmedNoPayment'),
});

/**
 * A manager's answer to a possible duplicate: refunded (note) or not a duplicate (reason). "Refunded"
 * also records a refund: its amount (the duplicate's when absent), where it was made and who.
 */
export const resolveRequest = request({
  attemptId: uuid('attemptId'),
  kind: oneOf('kind', RESOLUTION_KINDS),
  note: blankless('note', 500),
  refundMinor: opt(wholeNumber('refundMinor', 0, 1_000_000_000)),
  where: opt(oneOf('where', REFUND_PLACES)),
  by: opt(v.pipe(v.string('by must be text'), v.trim(), text('by', 60, { min: 1 }))),
});

// Checked by hand first while the cashier waits (quick-charge.ts); this schema has the last word.
export const chargeRequest = quickly(request({
  terminalId: uuid('terminalId'),
  amountMinor: v.pipe(v.number('amountMinor must be a whole number of cents'), issuesOf((n: number) => amountIssues(n, ''))),
  currency: oneOf('currency', PAYMENT_CURRENCIES),
  // Absent means none; the check walks it as plain JSON before measuring its bytes.
  metadata: v.pipe(
    opt(v.nullable(v.unknown()), {}),
    issuesOf((m: unknown) => metadataIssues(m ?? {}, '')),
    v.transform((m) => (m ?? {}) as JsonObject),
  ),
  /** Store mode with the store unreachable: the cashier looked and the terminal shows no other payment. */
  confirmedTerminalFree: opt(flag('confirmedTerminalFree')),
}), quickCharge);

export const renameCard = request({ cardId: uuid('cardId'), nickname: text('nickname', 40, { min: 1 }) });

const distinct = (xs: number[]) => new Set(xs).size === xs.length;

export const cardRestrictions = request({
  cardId: uuid('cardId'),
  active_days: v.pipe(
    listOf('active_days', wholeNumber('active_days', 1, 7), 7),
    v.check(distinct, 'active_days must list distinct weekdays from 1 (Monday) to 7 (Sunday)'),
  ),
  // Typed as text on the bank's card, where categories it adds later must still read.
  categories: listOf('categories', v.pipe(oneOf('categories', CARD_CATEGORIES), v.transform((c): string => c)), CARD_CATEGORIES.length),
});

const sorts = <const F extends readonly string[]>(fields: F) =>
  fields.flatMap((f) => [`${f}:asc`, `${f}:desc`] as const) as `${F[number]}:${'asc' | 'desc'}`[];

const page = { page: opt(wholeNumber('page', 1, 1_000_000)), per_page: opt(wholeNumber('per_page', 1, 100)) };

export const cardListQuery = v.pipe(
  opt(v.nullable(request({
    query: opt(text('query', 200)),
    sort_by: opt(oneOf('sort_by', ['live_first', ...sorts(['status', 'nickname', 'last_activity_at', 'created_at'] as const)] as const)),
    holder_ids: opt(listOf('holder_ids', uuid('holder_ids'), 100)),
    statuses: opt(listOf('statuses', oneOf('statuses', CARD_STATUSES), CARD_STATUSES.length)),
    card_levels: opt(listOf('card_levels', oneOf('card_levels', CARD_LEVELS), CARD_LEVELS.length)),
    bank_account_ids: opt(listOf('bank_account_ids', uuid('bank_account_ids'), 100)),
    ids: opt(listOf('ids', uuid('ids'), 100)),
    ...page,
  }))),
  v.transform((q) => q ?? {}),
);

/** Accounts at other banks only when asked (the bank's default too); no request at all means without them. */
export const organizationRequest = v.pipe(
  opt(v.nullable(request({ includeExternalAccounts: opt(flag('includeExternalAccounts')) }))),
  v.transform((q) => ({ includeExternalAccounts: q?.includeExternalAccounts === true })),
);

const isoTime = (field: string) => text(field, 40, { ok: (s) => !Number.isNaN(Date.parse(s)), says: `${field} must be a date and time such as 2026-01-31T10:00:00Z` });

export const clientListQuery = v.pipe(
  opt(v.nullable(request({
    name: opt(text('name', 250, { ok: (s) => s.trim().length >= 2, says: 'search by name needs at least 2 characters' })),
    email: opt(text('email', 250)),
    vat_number: opt(text('vat_number', 20)),
    tax_identification_number: opt(text('tax_identification_number', 30)),
    updated_at_from: opt(isoTime('updated_at_from')),
    updated_at_to: opt(isoTime('updated_at_to')),
    sort_by: opt(oneOf('sort_by', sorts(['created_at', 'updated_at', 'name'] as const))),
    ...page,
  }))),
  v.transform((q) => q ?? {}),
);

/**
 * The client rules are the bank's (shared with the form and the sandbox); they
 * run here as one step. Organization-specific rules (Italian provinces) run
 * again in main, where the organization is known.
 */
export const clientCreate = v.pipe(
  v.unknown(),
  v.rawTransform<unknown, ClientCreateBody>(({ dataset, addIssue, NEVER }) => {
    const checked = validateClientCreate(dataset.value, { organizationCountry: null });
    if (checked.ok) return checked.value;
    reportIssues(addIssue, checked.issues);
    return NEVER;
  }),
);

const noSpaces = (field: string, max: number, says: string) => text(field, max, { min: 1, ok: (s) => !/\s/.test(s), says });
/** Secrets are pasted; a stray space or line break would only fail later, at the bank, in worse words. */
const secret = (field: string) => noSpaces(field, 2000, `${field} must not contain spaces or line breaks (check what was pasted)`);

const bankSettingsEntries = {
  apiBaseUrl: text('apiBaseUrl', 300),
  oauthBaseUrl: text('oauthBaseUrl', 300),
  clientId: v.pipe(text('clientId', 200, { min: 1 }), v.trim(), noSpaces('clientId', 200, 'clientId must not contain spaces')),
  // Below 1024 needs administrator rights to listen on.
  redirectPort: wholeNumber('redirectPort', 1024, 65535),
};

const trimUrls = <T extends { apiBaseUrl: string; oauthBaseUrl: string }>(o: T): T =>
  ({ ...o, apiBaseUrl: o.apiBaseUrl.trim().replace(/\/+$/, ''), oauthBaseUrl: o.oauthBaseUrl.trim().replace(/\/+$/, '') });

/** The saved, non-secret settings of a bank environment (also read back from disk with it). */
export const bankEnvironmentSettings = (environment: BankEnvironment) => v.pipe(
  request(bankSettingsEntries),
  issuesOf((o) => serverUrlIssues(o, environment)),
  v.transform(trimUrls),
);

/**
 * Saves one bank environment's settings. Secrets are write-only: omitted means
 * "keep the stored one"; stagingToken null removes it (bank sandbox only).
 */
export const saveEnvironmentSettings = v.pipe(
  request({
    environment: oneOf('environment', BANK_ENVIRONMENTS),
    ...bankSettingsEntries,
    clientSecret: opt(secret('clientSecret')),
    stagingToken: opt(v.nullable(secret('stagingToken'))),
  }),
  issuesOf((o) => [
    ...serverUrlIssues(o, o.environment),
    ...(o.environment === 'production' && o.stagingToken !== undefined
      ? [{ pointer: '/stagingToken', code: 'unknown_field', detail: 'only the bank sandbox uses a staging token' }] : []),
  ]),
  v.transform(trimUrls),
);

export const environmentRef = request({ environment: oneOf('environment', ENVIRONMENTS) });

/** Absent: the live environment. A bank environment that is not live may be signed in to before it goes live. */
export const signInRequest = v.optional(v.nullable(request({ environment: oneOf('environment', BANK_ENVIRONMENTS) })));

/** null follows the organization's locale again. */
export const languageChoice = request({ language: v.nullable(oneOf('language', LANGUAGES)) });

export const pinRequest = request({
  pin: text('pin', 8, { ok: (s) => /^[0-9]{4,8}$/.test(s), says: 'The manager PIN is 4 to 8 digits.' }),
});

export const acceptRisk = request({ accept: flag('accept') });

/** The shop's store: its URL (absent keeps the saved one; main checks it is a PostgreSQL address) and this register's name. */
export const storeSettings = request({
  url: opt(v.pipe(text('url', 2048, { min: 1 }), v.trim(), noSpaces('url', 2048, 'url must not contain spaces or line breaks (check what was pasted)'))),
  registerName: text('registerName', 200, {
    ok: isRegisterName, says: `registerName must be 1 to ${REGISTER_NAME_MAX} visible characters on one line, without spaces at either end`,
  }),
});

export type ChargeRequest = v.InferOutput<typeof chargeRequest>;
export type AttemptRef = v.InferOutput<typeof attemptRef>;
export type ChargeAgainRequest = v.InferOutput<typeof chargeAgainRequest>;
export type ResolveRequest = v.InferOutput<typeof resolveRequest>;
export type CardRef = v.InferOutput<typeof cardRef>;
export type SaveEnvironmentSettingsRequest = v.InferOutput<typeof saveEnvironmentSettings>;
export type PinRequest = v.InferOutput<typeof pinRequest>;
