/**
 * The "New client" form: which fields each kind asks for, the request body
 * built from what was typed (blank fields left out, codes upper-cased), and
 * where each validation pointer lands in the form.
 */
import type { ClientCreateBody, ClientKind } from '../../../shared/domain/bank.js';
import type { Words } from '../../../shared/i18n/translate.js';

export type ClientField =
  | 'kind' | 'name' | 'first_name' | 'last_name' | 'email' | 'phone_country_code' | 'phone_number'
  | 'vat_number' | 'tax_identification_number' | 'street_address' | 'city' | 'zip_code' | 'province_code'
  | 'country_code' | 'currency' | 'locale' | 'recipient_code' | 'e_invoicing_address';

export type ClientForm = Record<Exclude<ClientField, 'kind'>, string> & { kind: ClientKind };

/** Worded on screen through bank-words (clientKindWords). */
export const CLIENT_KINDS: readonly ClientKind[] = ['company', 'individual', 'freelancer'];

/** The bank accepts freelancers for Italian organizations only: never offer what it will refuse. Unknown country: all. */
export function clientKindsFor(organizationCountry: string | null): readonly ClientKind[] {
  return organizationCountry === null || organizationCountry.toUpperCase() === 'IT' ? CLIENT_KINDS : CLIENT_KINDS.filter((k) => k !== 'freelancer');
}

/** A VAT number example in the shop's own country's format (a French one means nothing to an Italian shop). */
const VAT_EXAMPLES: Record<string, string> = { FR: 'FR40123456789', IT: 'IT12345678901', DE: 'DE123456789', ES: 'ESB12345678' };

export function vatExampleFor(organizationCountry: string | null): string | null {
  return organizationCountry ? VAT_EXAMPLES[organizationCountry.toUpperCase()] ?? null : null;
}

/** The dialling code shown as the phone example, in the shop's own country. */
const PHONE_CODES: Record<string, string> = { FR: '+33', IT: '+39', DE: '+49', ES: '+34' };

export function phoneExampleFor(organizationCountry: string | null): string {
  return PHONE_CODES[organizationCountry?.toUpperCase() ?? ''] ?? '+33';
}

/** The country code shown as the example: the shop's own. */
export function countryExampleFor(organizationCountry: string | null): string {
  return organizationCountry && /^[A-Za-z]{2}$/.test(organizationCountry) ? organizationCountry.toUpperCase() : 'FR';
}

export const emptyClientForm = (): ClientForm => ({
  kind: 'company', name: '', first_name: '', last_name: '', email: '', phone_country_code: '', phone_number: '',
  vat_number: '', tax_identification_number: '', street_address: '', city: '', zip_code: '', province_code: '',
  country_code: '', currency: '', locale: '', recipient_code: '', e_invoicing_address: '',
});

export type ClientTextField = Exclude<ClientField, 'kind'>;

/** Name fields each kind needs (docs/bank-api.md, Clients); the others are common. */
export function nameFieldsFor(kind: ClientKind): ClientTextField[] {
  if (kind === 'company') return ['name'];
  if (kind === 'individual') return ['first_name', 'last_name'];
  return ['name', 'first_name', 'last_name'];
}

/** VAT numbers belong to legal entities; an individual has none. */
export const hasVat = (kind: ClientKind): boolean => kind !== 'individual';

/** Country-specific fields: recipient code is Italian, the e-invoicing address French; unknown country shows both. */
export function countryFieldsFor(organizationCountry: string | null): ClientTextField[] {
  const fields: ClientTextField[] = [];
  if (organizationCountry === null || organizationCountry === 'IT') fields.push('recipient_code');
  if (organizationCountry === null || organizationCountry === 'FR') fields.push('e_invoicing_address');
  return fields;
}

const ALL_TEXT_FIELDS = Object.keys(emptyClientForm()).filter((f) => f !== 'kind') as ClientTextField[];
const NAME_FIELDS: readonly ClientTextField[] = ['name', 'first_name', 'last_name'];
const COUNTRY_FIELDS: readonly ClientTextField[] = ['recipient_code', 'e_invoicing_address'];

/** Every box the form shows for this kind and organization country. */
export function visibleFields(kind: ClientKind, organizationCountry: string | null): Set<ClientTextField> {
  const shown = new Set<ClientTextField>([...nameFieldsFor(kind), ...countryFieldsFor(organizationCountry)]);
  for (const f of ALL_TEXT_FIELDS) {
    if (NAME_FIELDS.includes(f) || COUNTRY_FIELDS.includes(f)) continue;
    if (f === 'vat_number' && !hasVat(kind)) continue;
    shown.add(f);
  }
  return shown;
}

const UPPER: readonly ClientTextField[] = ['country_code', 'province_code', 'currency'];
const PHONE: readonly ClientTextField[] = ['phone_country_code', 'phone_number'];
const ADDRESS = ['street_address', 'city', 'zip_code', 'province_code', 'country_code'] as const;
const NESTED: readonly ClientTextField[] = [...PHONE, ...ADDRESS];

export function buildClientBody(form: ClientForm, organizationCountry: string | null): ClientCreateBody {
  const text = (f: ClientTextField): string | undefined => {
    const v = form[f].trim();
    if (!v) return undefined;
    return UPPER.includes(f) ? v.toUpperCase() : v;
  };
  const body: Record<string, unknown> = { kind: form.kind };
  // Only the boxes on screen are sent: one typed before the kind or country hid it is left out.
  for (const f of visibleFields(form.kind, organizationCountry)) {
    if (NESTED.includes(f)) continue;
    const v = text(f);
    if (v !== undefined) body[f] = v;
  }
  const number = text('phone_number');
  if (number !== undefined) body.phone = { country_code: text('phone_country_code') ?? '', number };
  const address: Record<string, string> = {};
  for (const f of ADDRESS) {
    const v = text(f);
    if (v !== undefined) address[f] = v;
  }
  // billing_address rather than the deprecated root-level fields (docs/bank-api.md, Clients).
  if (Object.keys(address).length) body.billing_address = address;
  return body as unknown as ClientCreateBody;
}

/** Pointer prefixes each form field owns, for placeIssues(); root-level address pointers land on the same boxes. */
export const CLIENT_FIELD_POINTERS: Record<ClientField, readonly string[]> = {
  kind: ['/kind', '/type'],
  name: ['/name'], first_name: ['/first_name'], last_name: ['/last_name'], email: ['/email', '/extra_emails'],
  phone_country_code: ['/phone/country_code'], phone_number: ['/phone', '/phone/number', '/phone_number'],
  vat_number: ['/vat_number'], tax_identification_number: ['/tax_identification_number'],
  street_address: ['/billing_address/street_address', '/address', '/billing_address'],
  city: ['/billing_address/city', '/city'], zip_code: ['/billing_address/zip_code', '/zip_code'],
  province_code: ['/billing_address/province_code', '/province_code'], country_code: ['/billing_address/country_code', '/country_code'],
  currency: ['/currency'], locale: ['/locale'], recipient_code: ['/recipient_code'], e_invoicing_address: ['/e_invoicing_address'],
};

export type ClientSearchBy = 'name' | 'email' | 'vat_number';

/** The list query is only sent when it can succeed: the bank wants at least 2 characters for a name search. */
export function clientSearchProblem(by: ClientSearchBy, text: string): Words | null {
  if (by === 'name' && text.trim().length === 1) return { id: 'office.clients.searchTooShort', values: { min: 2 } };
  return null;
}
