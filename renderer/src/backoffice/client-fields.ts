/** Labels and hints of the "New client" form, grouped as a person fills them in. */
import type { ClientTextField } from '../logic/client-form.js';

export interface FieldSpec {
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
}

export const LABELS: Record<ClientTextField, FieldSpec> = {
  name: { label: 'Company name' },
  first_name: { label: 'First name' },
  last_name: { label: 'Last name' },
  email: { label: 'Email', type: 'email' },
  phone_country_code: { label: 'Phone country code', hint: 'With the plus sign, e.g. +33' },
  phone_number: { label: 'Phone number', type: 'tel' },
  vat_number: { label: 'VAT number' },
  tax_identification_number: { label: 'Tax identification number' },
  street_address: { label: 'Street address' },
  city: { label: 'City' },
  zip_code: { label: 'Postal code' },
  province_code: { label: 'Province code', hint: '2 letters; required in Italy' },
  country_code: { label: 'Country code', hint: '2 letters, e.g. FR' },
  currency: { label: 'Invoice currency', hint: '3 letters, e.g. EUR' },
  locale: { label: 'Document language', hint: 'fr, en, it, de or es' },
  recipient_code: { label: 'Recipient code (Italy)' },
  e_invoicing_address: { label: 'E-invoicing address (France)' },
};

export const GROUPS: { title: string; fields: ClientTextField[] }[] = [
  { title: 'Contact', fields: ['email', 'phone_country_code', 'phone_number'] },
  { title: 'Tax', fields: ['vat_number', 'tax_identification_number'] },
  { title: 'Billing address', fields: ['street_address', 'city', 'zip_code', 'province_code', 'country_code'] },
  { title: 'Invoicing', fields: ['currency', 'locale', 'recipient_code', 'e_invoicing_address'] },
];
