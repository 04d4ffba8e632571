/** Clients of every kind (freelancer in Italy only) and the French e-invoicing directory. */
import type { ClientCreateBody } from '../../../shared/domain/bank.js';
import { buildClient } from '../client-record.js';
import { SANDBOX_E_INVOICING, seedUuid, type SandboxOrgKey } from '../seed-ids.js';
import type { ClientRecord, EInvoicingEntry } from '../state.js';
import { daysBefore } from './time.js';

export function seedEInvoicingDirectory(): Map<string, EInvoicingEntry> {
  return new Map<string, EInvoicingEntry>([
    [SANDBOX_E_INVOICING.reachable, { directoryActive: true, networkActive: true }],
    [SANDBOX_E_INVOICING.reachableSiret, { directoryActive: true, networkActive: true }],
    [SANDBOX_E_INVOICING.networkInactive, { directoryActive: true, networkActive: false }],
    [SANDBOX_E_INVOICING.directoryInactive, { directoryActive: false, networkActive: true }],
  ]);
}

const paris = { street_address: '8 place de la Gare', city: 'Paris', zip_code: '75010', country_code: 'FR' };

/** Exported so a test can prove every seeded client also passes the shared creation rules. */
export const SEED_CLIENT_BODIES: Record<SandboxOrgKey, ClientCreateBody[]> = {
  fr: [
    {
      kind: 'company', name: 'Café de la Gare', email: 'compta@cafe-gare.example', vat_number: 'FR32356000000',
      tax_identification_number: '356000000', e_invoicing_address: SANDBOX_E_INVOICING.reachable, currency: 'EUR', locale: 'fr',
      billing_address: paris, phone: { country_code: '+33', number: '145678912' },
    },
    {
      kind: 'company', name: 'Épicerie Fine Dubois', email: 'contact@epicerie-dubois.example', vat_number: 'FR83552100554',
      tax_identification_number: '55210055400013', e_invoicing_address: SANDBOX_E_INVOICING.networkInactive, currency: 'EUR', locale: 'fr',
      address: '3 rue Mercière', city: 'Lyon', zip_code: '69002', country_code: 'FR',
    },
    { kind: 'individual', first_name: 'Élodie', last_name: 'Durand', email: 'elodie.durand@example.fr', currency: 'EUR', locale: 'fr', billing_address: paris },
    { kind: 'company', name: 'Hôtel du Parc', email: 'reservations@hotel-parc.example', extra_emails: ['factures@hotel-parc.example'], currency: 'EUR', locale: 'en' },
    { kind: 'individual', first_name: 'Jean-Pierre', last_name: 'Lemaire', phone: { country_code: '+33', number: '612345678' } },
    { kind: 'company', name: 'Atelier Vélo Lyon', type: 'company' },
    { kind: 'company', name: 'Boucherie Caron', vat_number: 'FRXY732829320', tax_identification_number: '732829320', currency: 'EUR', locale: 'fr' },
  ],
  it: [
    {
      kind: 'company', name: 'Pasticceria Bianchi Srl', email: 'amministrazione@pasticceria-bianchi.example', vat_number: 'IT01234567890',
      tax_identification_number: '01234567890', recipient_code: 'M5UXCR1', currency: 'EUR', locale: 'it',
      billing_address: { street_address: 'Corso Buenos Aires 12', city: 'Milano', zip_code: '20124', province_code: 'MI', country_code: 'IT' },
    },
    {
      kind: 'freelancer', name: 'Studio Ferri', first_name: 'Anna', last_name: 'Ferri', tax_identification_number: 'FRRNNA85M41F205X',
      currency: 'EUR', locale: 'it', billing_address: { street_address: 'Via Roma 3', city: 'Torino', zip_code: '10121', province_code: 'TO', country_code: 'IT' },
    },
    {
      kind: 'individual', first_name: 'Giorgio', last_name: 'Conti', tax_identification_number: 'CNTGRG80A01H501U', currency: 'EUR', locale: 'it',
      address: 'Via Appia 100', city: 'Roma', zip_code: '00179', province_code: 'RM', country_code: 'IT',
    },
  ],
};

export function seedClients(org: SandboxOrgKey, directory: Map<string, EInvoicingEntry>): ClientRecord[] {
  return SEED_CLIENT_BODIES[org].map((body, i) => {
    const client = buildClient(body, { id: seedUuid(`client:${org}:${i}`), nowIso: daysBefore(200 - i * 20), directory });
    client.updated_at = daysBefore(100 - i * 7);
    return { org, client };
  });
}
