/** Labels and hints of the "New client" form, grouped as a person fills them in (message ids of the office catalog). */
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { ClientTextField } from '../logic/client-form.js';

export interface FieldSpec {
  label: MessageId;
  hint?: MessageId;
  type?: 'text' | 'email' | 'tel';
}

export const LABELS: Record<ClientTextField, FieldSpec> = {
  name: { label: 'office.client.name' },
  first_name: { label: 'office.client.firstName' },
  last_name: { label: 'office.client.lastName' },
  email: { label: 'office.client.email', type: 'email' },
  phone_country_code: { label: 'office.client.phoneCountry', hint: 'office.client.phoneCountry.hint' },
  phone_number: { label: 'office.client.phone', type: 'tel' },
  vat_number: { label: 'office.client.vat' },
  tax_identification_number: { label: 'office.client.taxId' },
  street_address: { label: 'office.client.street' },
  city: { label: 'office.client.city' },
  zip_code: { label: 'office.client.zip' },
  province_code: { label: 'office.client.province', hint: 'office.client.province.hint' },
  country_code: { label: 'office.client.country', hint: 'office.client.country.hint' },
  currency: { label: 'office.client.currency', hint: 'office.client.currency.hint' },
  locale: { label: 'office.client.locale', hint: 'office.client.locale.hint' },
  recipient_code: { label: 'office.client.recipientCode' },
  e_invoicing_address: { label: 'office.client.eInvoicing' },
};

export const GROUPS: { title: MessageId; fields: ClientTextField[] }[] = [
  { title: 'office.client.group.contact', fields: ['email', 'phone_country_code', 'phone_number'] },
  { title: 'office.client.group.tax', fields: ['vat_number', 'tax_identification_number'] },
  { title: 'office.client.group.billing', fields: ['street_address', 'city', 'zip_code', 'province_code', 'country_code'] },
  { title: 'office.client.group.invoicing', fields: ['currency', 'locale', 'recipient_code', 'e_invoicing_address'] },
];
