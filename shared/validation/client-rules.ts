/**
 * Data behind the bank's "create a client" rules (docs/bank-api.md, Clients): limits, allowed lists
 * and formats. Kept apart from the checking code so the sandbox, the renderer
 * and the main process read the very same numbers.
 */
import type { ClientKind } from '../domain/bank.js';

export const CLIENT_KINDS: readonly ClientKind[] = ['individual', 'company', 'freelancer'];

/** The bank's limits (docs/bank-api.md, Clients). Its pages disagree on the tax id (20 or 30); 20 is the documented one. */
export const CLIENT_LIMITS = {
  name: 250,
  first_name: 60,
  last_name: 60,
  vat_number: 20,
  tax_identification_number: 20,
  address: 250,
  street_address: 250,
  city: 50,
  zip_code: 20,
  italian_zip_code: 5,
  extra_emails_items: 100,
  extra_email_length: 250,
  // Not among the bank's limits: bounds so no pattern ever reads a megabyte (RFC 5321 for the address).
  email: 254,
  locale: 10,
  currency: 3,
  recipient_code: 20,
  /** SIREN_SIRET_routingCode: 9 + 1 + 14 + 1 + 100. */
  e_invoicing_address: 125,
} as const;

/** Rule 3: document languages. A region part ("fr-FR", "en_GB", "es-419") is accepted and dropped. */
export const CLIENT_LOCALES = ['fr', 'en', 'it', 'de', 'es'] as const;
export const LOCALE_RE = /^([A-Za-z]{2})(?:[-_](?:[A-Za-z]{2}|\d{3}))?$/;

/** Rule 5: Italian province codes, the only values province_code accepts. */
export const IT_PROVINCE_CODES: readonly string[] = (
  'AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CL CN CO CR CS CT CZ EN FC FE FG FI FM FR GE GO GR ' +
  'IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO NU OR PA PC PD PE PG PI PN PO PR PT PU PV PZ RA RC RE RG RI RM ' +
  'RN RO SA SI SO SP SR SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VT VV'
).split(' ');

/** Rule 6: FR, a 2-character key (digits or an alphanumeric pair), then the 9-digit SIREN. */
export const FR_VAT_RE = /^FR[0-9A-Z]{2}\d{9}$/;

/**
 * Rule 7: tax_identification_number by the client's country. Germany's "national
 * tax number" (Steuernummer) is written per Land with slashes ("181/815/08155",
 * "93815/08152"); we accept 10 or 11 digits, optionally split by up to two
 * slashes, and do not accept the 13-digit ELSTER form or the 11-digit IdNr with
 * spaces: the provider names no format, so we take the form printed on tax notices.
 */
export interface TaxIdFormat {
  test(value: string): boolean;
  /** Completes "For <country> the tax identification number must be …". */
  expected: string;
}

const digitsOnly = (v: string): string => v.replace(/\//g, '');

export const TAX_ID_FORMATS: Readonly<Record<string, TaxIdFormat>> = {
  FR: { test: (v) => /^(\d{9}|\d{14})$/.test(v), expected: '9 digits (SIREN) or 14 digits (SIRET), without spaces' },
  IT: { test: (v) => /^(\d{11}|[A-Za-z0-9]{16})$/.test(v), expected: '11 digits for a company or 16 letters and digits (codice fiscale) for a person' },
  ES: { test: (v) => /^[A-Za-z0-9]{9}$/.test(v), expected: '9 letters or digits (NIF/NIE/CIF), without spaces or dashes' },
  DE: {
    test: (v) => /^\d+(\/\d+){0,2}$/.test(v) && [10, 11].includes(digitsOnly(v).length),
    expected: 'the Steuernummer: 10 or 11 digits, optionally split by slashes such as 181/815/08155',
  },
};

/**
 * e_invoicing_address forms: siren | siren_siret | siren_siret_routingCode | siren_suffix.
 * Routing codes and suffixes are free identifiers in the French directory; we only
 * bound them to letters, digits, dots and dashes, up to 100 characters.
 */
export const SIREN_RE = /^\d{9}$/;
export const SIRET_RE = /^\d{14}$/;
export const E_INVOICING_TAIL_RE = /^[A-Za-z0-9.-]{1,100}$/;

/**
 * Deliberately loose: one @, no spaces, a dot inside the domain. The bank makes
 * the final call. Written without a pattern that can backtrack: the former
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/ took quadratic time (63 KB froze the main process 7 s).
 */
export function looksLikeEmail(value: string): boolean {
  if (/\s/.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  return value.slice(at + 2, -1).includes('.');
}

/** Dialling prefix "+33" (ITU codes are 1 to 3 digits) and a national number of digits only. */
export const PHONE_PREFIX_RE = /^\+\d{1,3}$/;
export const PHONE_NUMBER_RE = /^\d{4,15}$/;
