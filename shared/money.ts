/**
 * Money is integer minor units (cents) everywhere inside Counterpay. The bank's
 * decimal string ("13.30") exists only at the HTTP edge; these are the two
 * conversions, and neither ever goes through a float.
 */
export type Currency = 'EUR';

export interface Money {
  readonly minor: number;
  readonly currency: Currency;
}

/** The bank's wire shape. */
export interface ApiAmount {
  value: string;
  currency: string;
}

export function minorToDecimalString(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount must be a whole number of cents, got ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const units = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${units}.${cents.toString().padStart(2, '0')}`;
}

const DECIMAL = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;

/** Parses "13.3", "13.30" or "13" into 1330; returns null for anything else (never rounds). */
export function decimalStringToMinor(value: string): number | null {
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const [, sign, units, frac = ''] = m;
  const minor = Number(units) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
}

export function toApiAmount(money: Money): ApiAmount {
  return { value: minorToDecimalString(money.minor), currency: money.currency };
}

/** Formats for people, in the organization's locale; the number handed to Intl is exact to the cent. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}
