/**
 * Spec rule 2: a client can be created with a name alone, but an invoice for
 * it needs a currency, a document language and an address (the billing
 * address, or the older root-level address fields). The back office flags
 * what is missing before anyone tries to invoice.
 */
import type { AddressObject, Client } from './bank.js';

export type InvoiceField = 'currency' | 'locale' | 'address';

const filled = (v: unknown): boolean => typeof v === 'string' && v.trim().length > 0;

/** An address counts when it says where: a street, a city and a country. */
export function hasAddress(a: AddressObject | undefined | null): boolean {
  return !!a && filled(a.street_address) && filled(a.city) && filled(a.country_code);
}

function hasRootAddress(c: Client): boolean {
  return filled(c.address) && filled(c.city) && filled(c.country_code);
}

export function invoiceGaps(c: Client): InvoiceField[] {
  const gaps: InvoiceField[] = [];
  if (!filled(c.currency)) gaps.push('currency');
  if (!filled(c.locale)) gaps.push('locale');
  if (!hasAddress(c.billing_address) && !hasRootAddress(c)) gaps.push('address');
  return gaps;
}
