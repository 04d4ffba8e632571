/**
 * A refused value in the screen language, saying which field and why: from
 * the issue's pointer (the field), its code (the rule) and its params (the
 * limit). The validator's own sentence names fields the way code does
 * ("clientId needs at least 1 characters"), so it is only kept for the
 * technical details. A field or rule not listed still gets a sentence with
 * the field's name; an unknown field gets the generic words, never its code.
 */
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Translate } from '../../../shared/i18n/translate.js';
import type { FieldIssue } from '../../../shared/result.js';

/** The name a person reads for a field, by the last part of its pointer (the screens' own labels where they exist). */
const FIELD_NAMES: Record<string, MessageId> = {
  apiBaseUrl: 'settings.form.apiBaseUrl', oauthBaseUrl: 'settings.form.oauthBaseUrl', clientId: 'settings.form.clientId',
  clientSecret: 'settings.form.clientSecret', stagingToken: 'settings.form.stagingToken', redirectPort: 'settings.form.redirectPort',
  amountMinor: 'sale.amount', amount: 'sale.amount', terminalId: 'terminal.label', orderReference: 'metadata.orderReference', note: 'metadata.note',
  pin: 'settings.pin.new',
  name: 'field.name.name', first_name: 'field.name.first_name', last_name: 'field.name.last_name', email: 'field.name.email',
  vat_number: 'field.name.vat_number', tax_identification_number: 'field.name.tax_identification_number',
  address: 'field.name.street_address', street_address: 'field.name.street_address', city: 'field.name.city', zip_code: 'field.name.zip_code',
  province_code: 'field.name.province_code', country_code: 'field.name.country_code', recipient_code: 'field.name.recipient_code',
  currency: 'field.name.currency', locale: 'field.name.locale', e_invoicing_address: 'field.name.e_invoicing_address',
  kind: 'field.name.kind', phone: 'field.name.phone', extra_emails: 'field.name.extra_emails', nickname: 'field.name.nickname',
};

/** Field and rule pairs whose words say more than the rule alone ("The postal code must have 5 digits"). */
const SPECIFIC: Record<string, MessageId> = {
  'apiBaseUrl:*': 'field.url', 'oauthBaseUrl:*': 'field.url', 'redirectPort:*': 'field.port',
  'zip_code:wrong_length': 'issue.zipDigits',
  'country_code:invalid': 'issue.countryCode', 'country_code:not_in_list': 'issue.countryCode', 'country_code:wrong_length': 'issue.countryCode',
  'province_code:not_in_list': 'issue.provinceCode', 'province_code:wrong_length': 'issue.provinceCode',
  'vat_number:invalid': 'issue.frenchVat', 'tax_identification_number:invalid': 'issue.taxId',
  'email:invalid': 'issue.email', 'number:invalid': 'issue.phoneNumber', 'phone:invalid': 'issue.phoneNumber',
  'amount:too_small': 'issue.amountTooSmall', 'amount:too_large': 'issue.amountTooLarge',
  'amountMinor:too_small': 'issue.amountTooSmall', 'amountMinor:too_large': 'issue.amountTooLarge',
  'value:too_small': 'issue.amountTooSmall', 'value:too_large': 'issue.amountTooLarge',
  'kind:not_allowed': 'issue.freelancerItaly',
};

/** The field a pointer names: "/billing_address/zip_code" → zip_code; list items ("/extra_emails/2") name their list. */
function fieldOf(pointer: string): string {
  const parts = pointer.split('/').filter(Boolean).filter((p) => !/^\d+$/.test(p));
  const last = parts[parts.length - 1] ?? '';
  // The phone's country code is a dialling code, not a country.
  return parts[parts.length - 2] === 'phone' && last === 'country_code' ? 'phone_prefix' : last;
}

function param(issue: FieldIssue, ...names: string[]): number | null {
  for (const name of names) {
    const value = issue.params?.[name];
    if (typeof value === 'number') return value;
  }
  return null;
}

const lookup = (table: Record<string, MessageId>, key: string): MessageId | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/** label: the name the screen shows for the field, when the words sit under it (the same name, never a synonym). */
export function issueWords(t: Translate, issue: FieldIssue, label?: string): string {
  const field = fieldOf(issue.pointer);
  if (field === 'phone_prefix') return t('issue.phonePrefix');
  if (issue.code === 'unknown_field') return t('issue.unknownField');
  const specific = lookup(SPECIFIC, `${field}:${issue.code}`) ?? lookup(SPECIFIC, `${field}:*`);
  const limit = param(issue, 'limit', 'max', 'min', 'length');
  if (specific) {
    return t(specific, {
      length: limit ?? 0, country: String(issue.params?.country ?? ''),
      // Amount limits travel in minor units; the words say them as money.
      min: (param(issue, 'minMinor') ?? 0) / 100, max: (param(issue, 'maxMinor') ?? 0) / 100,
    });
  }
  const nameId = lookup(FIELD_NAMES, field);
  const name = label ?? (nameId ? t(nameId) : null);
  if (name === null) return genericWords(t, issue.code, limit);
  switch (issue.code) {
    case 'missing': return t('issue.missing', { field: name });
    case 'too_short': return t('issue.tooShort', { field: name, min: limit ?? 1 });
    case 'too_long': return limit !== null ? t('issue.tooLong', { field: name, max: limit }) : t('issue.invalid', { field: name });
    case 'wrong_length': return limit !== null ? t('issue.wrongLength', { field: name, length: limit }) : t('issue.invalid', { field: name });
    case 'too_many': return limit !== null ? t('issue.tooMany', { field: name, max: limit }) : t('issue.invalid', { field: name });
    case 'not_in_list': return t('issue.notInList', { field: name });
    default: return t('issue.invalid', { field: name });
  }
}

/** A field the screen has no name for: the rule alone. */
function genericWords(t: Translate, code: string, limit: number | null): string {
  if (code === 'missing') return t('field.required');
  if (code === 'too_long' && limit !== null) return t('field.tooLong', { max: limit });
  if (code === 'too_short' && limit !== null) return t('field.tooShort', { min: limit });
  return t('field.invalid');
}
