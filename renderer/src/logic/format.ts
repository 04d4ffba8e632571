/** Formatting for people, always in the organization's locale. */
import { formatMoney, minorToDecimalString } from '../../../shared/money.js';
import type { AppState } from '../../../shared/ipc/types.js';

/**
 * Until an organization locale was ever known (a bank environment that starts
 * signed out), the app's own default: the training organization's, so the
 * amounts look the same as in training rather than switching to another format.
 */
export const DEFAULT_LOCALE = 'fr';

/** The organization's locale when it is known and usable, otherwise null. */
export function organizationLocale(appState: AppState | null): string | null {
  const locale = appState?.organization?.locale;
  if (!locale) return null;
  try {
    // An odd locale string from the bank must not break every amount on screen.
    return Intl.NumberFormat.supportedLocalesOf([locale]).length ? locale : null;
  } catch {
    return null;
  }
}

/**
 * The locale of every amount and date. The organization is unknown while
 * signed out; keeping the last known locale means a dropped connection never
 * changes how amounts are written in the middle of a day.
 */
export function localeOf(appState: AppState | null, lastKnown: string | null = null): string {
  return organizationLocale(appState) ?? lastKnown ?? DEFAULT_LOCALE;
}

export function money(minor: number, locale: string, currency = 'EUR'): string {
  try {
    return formatMoney(minor, currency, locale);
  } catch {
    // Intl throws on a currency code it does not know (an external account's); the figure must still show.
    return `${minorToDecimalString(minor)} ${currency}`;
  }
}

export function clockTime(epochMs: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(epochMs);
}

/** A date from the bank that does not parse is shown as received rather than as "Invalid Date". */
function formatDate(value: number | string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : new Intl.DateTimeFormat(locale, options).format(d);
}

export const dateTime = (value: number | string, locale: string): string => formatDate(value, locale, { dateStyle: 'medium', timeStyle: 'short' });
export const dateOnly = (value: number | string, locale: string): string => formatDate(value, locale, { dateStyle: 'long' });


/** "pin_blocked" → "Pin blocked": enum values of the bank shown as words. */
export function words(value: string): string {
  const s = value.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
