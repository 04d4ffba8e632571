/**
 * Rules for pushing an amount to a terminal (docs/bank-api.md, Terminal payments): EUR only,
 * 0.10 to 100000.00 with at most two decimals, metadata a JSON object of at
 * most 1 KB. The renderer shows the same messages before anything is sent.
 */
import { decimalStringToMinor } from '../money.js';
import { isPlainObject, jsonByteLength } from '../json.js';
import type { FieldIssue } from '../result.js';
import { plainJsonIssue, type JsonLimits } from './plain-json.js';

export const MIN_PAYMENT_MINOR = 10;
export const MAX_PAYMENT_MINOR = 10_000_000;
export const MAX_METADATA_BYTES = 1024;
export const PAYMENT_CURRENCIES = ['EUR'] as const;

export function amountIssues(minor: number, pointer = '/amountMinor'): FieldIssue[] {
  if (!Number.isSafeInteger(minor)) return [{ pointer, code: 'invalid', detail: 'The amount must be a whole number of cents.' }];
  if (minor < MIN_PAYMENT_MINOR) return [{ pointer, code: 'too_small', detail: 'The smallest amount a terminal accepts is 0.10.', params: { minMinor: MIN_PAYMENT_MINOR } }];
  if (minor > MAX_PAYMENT_MINOR) return [{ pointer, code: 'too_large', detail: 'The largest amount a terminal accepts is 100,000.00.', params: { maxMinor: MAX_PAYMENT_MINOR } }];
  return [];
}

/** One sentence whichever layer refuses the currency: the client before sending, or the sandbox on arrival. */
export function currencyIssues(currency: unknown, pointer = '/currency'): FieldIssue[] {
  if ((PAYMENT_CURRENCIES as readonly unknown[]).includes(currency)) return [];
  return [{ pointer, code: 'not_in_list', detail: `Only ${PAYMENT_CURRENCIES.join(', ')} is accepted by terminals.` }];
}

/** Validates the wire form {value:"13.30",currency:"EUR"}: used by the sandbox on what arrives. */
export function apiAmountIssues(amount: unknown, pointer = '/amount'): FieldIssue[] {
  if (!isPlainObject(amount)) return [{ pointer, code: 'missing', detail: 'amount must be an object {value, currency}' }];
  const issues: FieldIssue[] = [];
  const { value, currency } = amount;
  if (typeof value !== 'string') {
    issues.push({ pointer: `${pointer}/value`, code: 'invalid', detail: 'amount.value must be a decimal string such as "13.30"' });
  } else {
    const minor = /^\d+(\.\d{1,2})?$/.test(value) ? decimalStringToMinor(value) : null;
    if (minor === null) issues.push({ pointer: `${pointer}/value`, code: 'invalid', detail: 'amount.value must have at most two decimals, e.g. "13.30"' });
    else issues.push(...amountIssues(minor, `${pointer}/value`));
  }
  issues.push(...currencyIssues(currency, `${pointer}/currency`));
  return issues;
}

/** Anything within 1 KB of JSON fits these; they bound the walk before the bytes are counted. */
export const METADATA_LIMITS: JsonLimits = { maxDepth: 16, maxNodes: MAX_METADATA_BYTES, maxStringLength: 16 * MAX_METADATA_BYTES };

/** Metadata that passed and is frozen all the way down: it cannot fail later, however often it is sent. */
const vouched = new WeakSet<object>();

/**
 * For a copy proven within these rules and frozen all the way down (the payment engine's, made once
 * per attempt): every later check of it (each send of the attempt) answers at once.
 */
export function vouchForMetadata(copy: object): void {
  vouched.add(copy);
}

/**
 * Metadata is journaled and sent as JSON: a Date, a Map, a BigInt or a cycle
 * would either throw or be written as something that cannot be read back, so
 * it is refused here with the place and the reason.
 */
export function metadataIssues(metadata: unknown, pointer = '/metadata'): FieldIssue[] {
  if (typeof metadata === 'object' && metadata !== null && vouched.has(metadata)) return [];
  const at = pointer || '/';
  if (!isPlainObject(metadata)) return [{ pointer: at, code: 'invalid', detail: 'metadata must be a JSON object' }];
  const shape = plainJsonIssue(metadata, METADATA_LIMITS, pointer);
  if (shape) {
    const where = shape.pointer === at ? '' : ` at ${shape.pointer.slice(pointer.length)}`;
    return [{ ...shape, detail: `metadata${where}: ${shape.detail}` }];
  }
  const bytes = jsonByteLength(metadata);
  if (bytes > MAX_METADATA_BYTES) {
    return [{ pointer: at, code: 'too_long', detail: `metadata is ${bytes} bytes; the bank accepts at most ${MAX_METADATA_BYTES}` }];
  }
  return [];
}
