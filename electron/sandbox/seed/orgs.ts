/** The French and the Italian organization, their bank accounts and memberships. */
import type { JsonObject } from '../../../shared/json.js';
import { SANDBOX_MEMBERSHIPS, SANDBOX_ORGS, seedUuid, type SandboxOrgKey } from '../seed-ids.js';
import type { MembershipRecord, OrgRecord } from '../state.js';
import { daysBefore } from './time.js';

interface AccountSeed {
  label: string;
  name: string;
  iban: string;
  bic: string;
  balanceCents: number;
  main: boolean;
  external: boolean;
}

function bankAccount(org: SandboxOrgKey, a: AccountSeed, index: number): JsonObject {
  const euros = a.balanceCents / 100;
  return {
    id: seedUuid(`bank_account:${org}:${a.label}`),
    slug: `${SANDBOX_ORGS[org].slug}-bank-account-${index + 1}`,
    iban: a.iban,
    bic: a.bic,
    currency: 'EUR',
    balance: euros,
    balance_cents: a.balanceCents,
    authorized_balance: euros,
    authorized_balance_cents: a.balanceCents,
    name: a.name,
    updated_at: daysBefore(1),
    status: 'active',
    main: a.main,
    is_external_account: a.external,
    // External accounts are identified by an account number; own accounts by IBAN.
    account_number: a.external ? `000${index}48213377` : '',
  };
}

const ACCOUNTS: Record<SandboxOrgKey, AccountSeed[]> = {
  fr: [
    { label: 'main', name: 'Compte principal', iban: 'FR7616958000013568241907342', bic: 'QNTOFRP1XXX', balanceCents: 1_254_380, main: true, external: false },
    { label: 'savings', name: 'Réserve', iban: 'FR7616958000019912345678941', bic: 'QNTOFRP1XXX', balanceCents: 5_000_000, main: false, external: false },
    { label: 'external', name: 'Banque Populaire (externe)', iban: '', bic: '', balanceCents: 320_015, main: false, external: true },
  ],
  it: [
    { label: 'main', name: 'Conto principale', iban: 'IT60X0542811101000000123456', bic: 'QNTOITM2XXX', balanceCents: 842_200, main: true, external: false },
    { label: 'external', name: 'Intesa (esterno)', iban: '', bic: '', balanceCents: 99_900, main: false, external: true },
  ],
};

const LEGAL: Record<SandboxOrgKey, JsonObject> = {
  fr: {
    legal_name: 'Boulangerie Martin SAS', legal_share_capital: 10000, legal_country: 'FR', legal_registration_date: '2019-03-12',
    legal_form: 'SAS', legal_address: '12 rue des Lilas, 75011 Paris', legal_sector: '1071C', legal_number: '356000000',
  },
  it: {
    legal_name: 'Trattoria Rossi S.r.l.', legal_share_capital: 20000, legal_country: 'IT', legal_registration_date: '2017-06-02',
    legal_form: 'SRL', legal_address: 'Via Garibaldi 7, 20121 Milano MI', legal_sector: null, legal_number: '01234567890',
  },
};

/** Live responses carry an `address` object (docs/bank-api.md, Organization); its fields follow the bank's client address objects. */
const ADDRESS: Record<SandboxOrgKey, JsonObject> = {
  fr: { street_address: '12 rue des Lilas', city: 'Paris', zip_code: '75011', province_code: null, country_code: 'FR' },
  it: { street_address: 'Via Garibaldi 7', city: 'Milano', zip_code: '20121', province_code: 'MI', country_code: 'IT' },
};

export function seedOrg(key: SandboxOrgKey): OrgRecord {
  const o = SANDBOX_ORGS[key];
  return {
    key,
    id: o.id,
    country: o.country,
    organization: {
      id: o.id,
      name: o.name,
      slug: o.slug,
      locale: o.locale,
      ...LEGAL[key],
      address: ADDRESS[key],
      contract_signed_at: daysBefore(900),
      bank_accounts: ACCOUNTS[key].map((a, i) => bankAccount(key, a, i)),
    },
  };
}

const PEOPLE: Record<SandboxOrgKey, Array<[string, string]>> = {
  fr: [['Claire', 'Martin'], ['Julien', 'Bernard'], ['Sofia', 'Moreau'], ['Hugo', 'Lefèvre'], ['Inès', 'García'], ['Lucas', 'Petit']],
  it: [['Marco', 'Rossi'], ['Giulia', 'Bianchi'], ['Luca', 'Romano'], ['Chiara', 'Ricci'], ['Matteo', 'Greco']],
};

/** Owner, admin and the token employee first, then further employees who only hold cards. */
export function seedMemberships(org: SandboxOrgKey): MembershipRecord[] {
  const ids = SANDBOX_MEMBERSHIPS[org];
  return PEOPLE[org].map(([first, last], i) => ({
    id: i === 0 ? ids.owner : i === 1 ? ids.admin : i === 2 ? ids.employee : seedUuid(`membership:${org}:extra${i}`),
    org,
    role: i === 0 ? 'owner' : i === 1 ? 'admin' : 'employee',
    first_name: first,
    last_name: last,
  }));
}

export function bankAccountIds(org: OrgRecord, opts: { external: boolean }): string[] {
  return org.organization.bank_accounts.filter((a) => a['is_external_account'] === opts.external).map((a) => String(a['id']));
}
