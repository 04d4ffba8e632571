/**
 * Field checks for a client body. Each writes FieldIssues with a JSON pointer
 * and a sentence a shop manager can act on, and returns the value when usable.
 */
import type { Reader } from './read.js';
import { isPlainObject } from '../json.js';
import {
  CLIENT_LIMITS, CLIENT_LOCALES, E_INVOICING_TAIL_RE, FR_VAT_RE, IT_PROVINCE_CODES, LOCALE_RE,
  PHONE_NUMBER_RE, PHONE_PREFIX_RE, SIREN_RE, SIRET_RE, TAX_ID_FORMATS, looksLikeEmail,
} from './client-rules.js';
import { ISO_COUNTRY_CODES, ISO_CURRENCY_CODES } from './iso-codes.js';

const LABELS: Record<string, string> = {
  name: 'Name', first_name: 'First name', last_name: 'Last name', email: 'Email', vat_number: 'VAT number',
  tax_identification_number: 'Tax identification number', address: 'Street address', street_address: 'Street address',
  city: 'City', zip_code: 'Postal code', province_code: 'Province code', country_code: 'Country code',
  recipient_code: 'Recipient code', currency: 'Currency', locale: 'Language', e_invoicing_address: 'E-invoicing address',
};

export const labelOf = (key: string): string => LABELS[key] ?? key;

/** Rejects keys the bank does not know, so a typo never passes silently. */
export function unknownKeys(r: Reader, obj: Record<string, unknown>, known: readonly string[], prefix: string, what: string): void {
  for (const k of Object.keys(obj)) {
    // The name is clipped: a refusal never echoes a long input back.
    const name = k.length > 40 ? `${k.slice(0, 40)}…` : k;
    if (!known.includes(k)) r.issue(`${prefix}/${k}`, 'unknown_field', `"${name}" is not a field of ${what}; check the spelling (known: ${known.join(', ')}).`);
  }
}

export interface TextRule {
  max?: number;
  exactly?: number;
}

/**
 * A text field: absent (undefined/null) is fine, anything else must be text
 * within its length. Returns the text only when it is within its length, so no
 * later pattern ever runs on an oversized value.
 */
export function text(r: Reader, obj: Record<string, unknown>, key: string, pointer: string, rule: TextRule = {}): string | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  const label = labelOf(key);
  if (typeof v !== 'string') {
    r.issue(pointer, 'invalid', `${label} must be text.`);
    return undefined;
  }
  if (rule.exactly !== undefined && v.length !== rule.exactly) {
    r.issue(pointer, 'wrong_length', `${label} must be exactly ${rule.exactly} characters (it has ${v.length}).`, { length: rule.exactly });
    return undefined;
  }
  if (rule.max !== undefined && v.length > rule.max) {
    r.issue(pointer, 'too_long', `${label} is limited to ${rule.max} characters (it has ${v.length}).`, { max: rule.max });
    return undefined;
  }
  return v;
}

export interface AddressCheck {
  /** At least one address field was given. */
  present: boolean;
  pointer: string;
  country: string | undefined;
  province: string | undefined;
}

/**
 * Root-level fields (street key "address") or an address object (street key
 * "street_address"). Rule 4: the postcode of an Italian address is exactly 5 characters.
 */
export function address(r: Reader, obj: Record<string, unknown>, prefix: string, streetKey: 'address' | 'street_address'): AddressCheck {
  const at = (k: string) => `${prefix}/${k}`;
  const keys = [streetKey, 'city', 'zip_code', 'province_code', 'country_code'];
  const present = keys.some((k) => obj[k] !== undefined && obj[k] !== null);
  text(r, obj, streetKey, at(streetKey), { max: CLIENT_LIMITS.street_address });
  text(r, obj, 'city', at('city'), { max: CLIENT_LIMITS.city });
  const country = text(r, obj, 'country_code', at('country_code'), { exactly: 2 });
  if (country?.length === 2) {
    if (country !== country.toUpperCase()) r.issue(at('country_code'), 'invalid', `Country code must be in capital letters, e.g. "${country.toUpperCase()}".`);
    else if (!ISO_COUNTRY_CODES.has(country)) r.issue(at('country_code'), 'not_in_list', `"${country}" is not an ISO 3166 country code (e.g. FR, IT, DE, ES, GB).`);
  }
  const italian = country === 'IT';
  text(r, obj, 'zip_code', at('zip_code'), italian ? { exactly: CLIENT_LIMITS.italian_zip_code } : { max: CLIENT_LIMITS.zip_code });
  const province = text(r, obj, 'province_code', at('province_code'), { exactly: 2 });
  if (province?.length === 2 && !IT_PROVINCE_CODES.includes(province)) {
    r.issue(at('province_code'), 'not_in_list', `"${province}" is not an Italian province code; use the two capital letters of the province, e.g. MI or RM.`);
  }
  return { present, pointer: prefix, country, province };
}

/** An address object (billing or delivery): must be an object without unknown keys. */
export function addressObject(r: Reader, value: unknown, pointer: string): AddressCheck | null {
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) {
    r.issue(pointer, 'invalid', 'An address must be an object with street_address, city, zip_code, province_code and country_code.');
    return null;
  }
  unknownKeys(r, value, ['street_address', 'city', 'zip_code', 'province_code', 'country_code'], pointer, 'an address');
  return address(r, value, pointer, 'street_address');
}

/** Rule 3: returns the language alone ("fr-FR" → "fr"). */
export function locale(r: Reader, obj: Record<string, unknown>): string | undefined {
  const v = text(r, obj, 'locale', '/locale', { max: CLIENT_LIMITS.locale });
  if (v === undefined) return undefined;
  const lang = LOCALE_RE.exec(v)?.[1]?.toLowerCase();
  if (!lang || !(CLIENT_LOCALES as readonly string[]).includes(lang)) {
    r.issue('/locale', 'not_in_list', `Language "${v}" is not available for documents; choose fr, en, it, de or es (a region such as fr-FR is fine).`);
    return undefined;
  }
  return lang;
}

export function email(r: Reader, value: string, pointer: string): void {
  if (!looksLikeEmail(value)) r.issue(pointer, 'invalid', `"${value}" does not look like an email address (name@example.com).`);
}

export function extraEmails(r: Reader, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    r.issue('/extra_emails', 'invalid', 'Extra emails must be a list of email addresses (or empty).');
    return;
  }
  const max = CLIENT_LIMITS.extra_emails_items;
  if (value.length > max) r.issue('/extra_emails', 'too_many', `At most ${max} extra emails are allowed (there are ${value.length}).`);
  value.forEach((e: unknown, i) => {
    const pointer = `/extra_emails/${i}`;
    if (typeof e !== 'string') r.issue(pointer, 'invalid', 'Each extra email must be text.');
    else if (e.length > CLIENT_LIMITS.extra_email_length) r.issue(pointer, 'too_long', `Extra email ${i + 1} is limited to ${CLIENT_LIMITS.extra_email_length} characters.`);
    else email(r, e, pointer);
  });
}

export function phone(r: Reader, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isPlainObject(value)) {
    r.issue('/phone', 'invalid', 'Phone must be an object with country_code (e.g. "+33") and number.');
    return;
  }
  unknownKeys(r, value, ['country_code', 'number'], '/phone', 'a phone');
  const { country_code: prefix, number } = value;
  if (typeof prefix !== 'string' || !PHONE_PREFIX_RE.test(prefix)) {
    r.issue('/phone/country_code', 'invalid', 'Phone country code must be a plus sign and 1 to 3 digits, e.g. "+33".');
  }
  if (typeof number !== 'string' || !PHONE_NUMBER_RE.test(number)) {
    r.issue('/phone/number', 'invalid', 'Phone number must be 4 to 15 digits, without spaces, dots or the country code.');
  }
}

export function currency(r: Reader, obj: Record<string, unknown>): void {
  const v = text(r, obj, 'currency', '/currency', { max: CLIENT_LIMITS.currency });
  if (v === undefined) return;
  if (!/^[A-Z]{3}$/.test(v)) r.issue('/currency', 'invalid', `Currency must be a 3-letter ISO 4217 code in capitals, e.g. EUR (got "${v}").`);
  else if (!ISO_CURRENCY_CODES.has(v)) r.issue('/currency', 'not_in_list', `"${v}" is not an ISO 4217 currency code.`);
}

/** Rule 6: only numbers starting with FR have a known shape. */
export function vatNumber(r: Reader, obj: Record<string, unknown>): void {
  const v = text(r, obj, 'vat_number', '/vat_number', { max: CLIENT_LIMITS.vat_number });
  if (v === undefined || !v.toUpperCase().startsWith('FR')) return;
  if (!FR_VAT_RE.test(v)) {
    r.issue('/vat_number', 'invalid', 'A French VAT number is FR, a 2-character key, then the 9-digit SIREN, without spaces (e.g. FR40123456789).');
  }
}

/** The tax number's format, for the countries whose format the bank names (docs/bank-api.md, Clients); others only get the length limit. */
export function taxId(r: Reader, obj: Record<string, unknown>, country: string | undefined): void {
  const v = text(r, obj, 'tax_identification_number', '/tax_identification_number', { max: CLIENT_LIMITS.tax_identification_number });
  const format = country ? TAX_ID_FORMATS[country] : undefined;
  if (v === undefined || !format || format.test(v)) return;
  r.issue('/tax_identification_number', 'invalid', `For a client in ${country} the tax identification number must be ${format.expected}.`, { country: country ?? '' });
}

/** Shape of the four forms; whether the address exists in the French directory (rule 8) only the bank knows. */
export function eInvoicingAddress(r: Reader, obj: Record<string, unknown>): void {
  const v = text(r, obj, 'e_invoicing_address', '/e_invoicing_address', { max: CLIENT_LIMITS.e_invoicing_address });
  if (v === undefined) return;
  const [siren = '', second, third, ...rest] = v.split('_');
  const fail = (why: string) =>
    r.issue('/e_invoicing_address', 'invalid', `${why} The forms are SIREN, SIREN_SIRET, SIREN_SIRET_routingCode or SIREN_suffix.`);
  if (!SIREN_RE.test(siren)) return fail('An e-invoicing address starts with the 9-digit SIREN.');
  if (rest.length > 0) return fail('An e-invoicing address has at most three parts.');
  if (second === undefined) return;
  if (SIRET_RE.test(second)) {
    if (!second.startsWith(siren)) return fail('The SIRET (14 digits) must begin with the SIREN.');
    if (third !== undefined && !E_INVOICING_TAIL_RE.test(third)) return fail('The routing code may only hold letters, digits, dots and dashes.');
    return;
  }
  if (third !== undefined) return fail('The second part must be a 14-digit SIRET when a routing code follows.');
  if (!E_INVOICING_TAIL_RE.test(second)) return fail('The suffix may only hold letters, digits, dots and dashes.');
}
