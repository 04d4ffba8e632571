import { useState } from 'react';
import type { BankAccount } from '../../../shared/domain/bank.js';
import { call } from '../bridge.js';
import { SectionIfAllowed } from '../components/Unavailable.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useLocale } from '../hooks/useLocale.js';
import { useRemote } from '../hooks/useRemote.js';
import { dateTime, money } from '../logic/format.js';
import { useApp } from '../store/app.js';
import { Deprecations } from './Deprecations.js';
import { RefreshButton, SectionHead } from '../components/SectionHead.js';
import { useT } from '../i18n/useT.js';

const text = (v: unknown): string => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : '—');

/** Codes from the bank ("FR", "it") as names in the screen's language; a code Intl does not know is shown as received. */
function displayName(type: 'region' | 'language', code: unknown, locale: string): string {
  if (typeof code !== 'string' || !code) return '—';
  try {
    return new Intl.DisplayNames([locale], { type, fallback: 'code' }).of(type === 'region' ? code.toUpperCase() : code) ?? code;
  } catch {
    return code;
  }
}
const countryName = (code: unknown, locale: string) => displayName('region', code, locale);
const languageName = (code: unknown, locale: string) => displayName('language', code, locale);

/** Accounts at this bank and, when the manager asks for them, accounts at other banks, in two tables. */
function AccountsTable({ accounts, external }: { accounts: BankAccount[]; external: boolean }) {
  const t = useT();
  const locale = useLocale();
  if (accounts.length === 0) return <p className="empty">{external ? t('office.org.noExternal') : t('office.org.noAccount')}</p>;
  return (
    <table className="table" aria-label={external ? t('office.org.external') : t('office.org.internal')}>
      <thead>
        <tr>
          <th>{t('office.org.col.account')}</th><th>{t('office.org.col.iban')}</th><th>{t('office.org.col.bic')}</th>{external && <th>{t('office.org.col.number')}</th>}
          <th className="num">{t('office.org.col.balance')}</th><th className="num">{t('office.org.col.authorized')}</th><th>{t('office.org.col.status')}</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((a) => (
          <tr key={a.id}>
            <td className="strong">{a.name}{a.main && <span className="badge badge-neutral">{t('office.org.main')}</span>}</td>
            <td className="mono">{a.iban || '—'}</td>
            <td className="mono">{a.bic || '—'}</td>
            {external && <td className="mono">{text(a['account_number'])}</td>}
            <td className="num">{money(a.balance_cents, locale, a.currency)}</td>
            <td className="num">{money(a.authorized_balance_cents, locale, a.currency)}</td>
            <td>{a.status === 'active' ? t('office.org.active') : t('office.org.closed')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The organization as the bank reports it, with account balances from the *_cents integers. */
export function OrganizationPanel() {
  const t = useT();
  return (
    <SectionIfAllowed action="viewOrganization" headingId="org-heading" title={t('office.org.title')}>
      <OrganizationDetails />
    </SectionIfAllowed>
  );
}

function OrganizationDetails() {
  const t = useT();
  const [includeExternal, setIncludeExternal] = useState(false);
  const org = useRemote(() => call('getOrganization', { includeExternalAccounts: includeExternal }), `organization:${includeExternal}`);
  const locale = useLocale();
  const hasDeprecations = useApp((s) => (s.appState?.deprecations.length ?? 0) > 0);
  const o = org.data;
  return (
    <section className="bo-section" aria-labelledby="org-heading">
      <SectionHead id="org-heading" title={t('office.org.title')}>
        <RefreshButton onClick={org.reload} />
      </SectionHead>
      <ErrorAlert error={org.error} />
      {org.loading && !o && <p className="muted" role="status">{t('office.loading')}</p>}
      {o && (
        <>
          <dl className="facts">
            <div><dt>{t('office.org.name')}</dt><dd>{o.name}</dd></div>
            <div><dt>{t('office.org.legalName')}</dt><dd>{text(o.legal_name)}</dd></div>
            <div><dt>{t('office.org.legalForm')}</dt><dd>{text(o.legal_form)}</dd></div>
            <div><dt>{t('office.org.number')}</dt><dd>{text(o.legal_number)}</dd></div>
            <div><dt>{t('office.org.country')}</dt><dd>{countryName(o.legal_country, locale)}</dd></div>
            <div><dt>{t('office.org.address')}</dt><dd>{text(o.legal_address)}</dd></div>
            <div><dt>{t('office.org.language')}</dt><dd>{languageName(o.locale, locale)}</dd></div>
            <div><dt>{t('office.org.slug')}</dt><dd className="mono">{o.slug}</dd></div>
            <div><dt>{t('office.org.contract')}</dt><dd>{o.contract_signed_at ? dateTime(o.contract_signed_at, locale) : '—'}</dd></div>
          </dl>
          <h3 className="accounts-title">{t('office.org.internal')}</h3>
          <AccountsTable accounts={o.bank_accounts.filter((a) => !a.is_external_account)} external={false} />
          <div className="field-check">
            <label>
              <input type="checkbox" checked={includeExternal} onChange={(e) => setIncludeExternal(e.target.checked)} />
              {' '}{t('office.org.showExternal')}
            </label>
          </div>
          {includeExternal && (
            <>
              <h3 className="accounts-title">{t('office.org.external')}</h3>
              <AccountsTable accounts={o.bank_accounts.filter((a) => a.is_external_account)} external />
            </>
          )}
        </>
      )}
      <h3>{t('office.org.retirements')}</h3>
      {hasDeprecations ? <Deprecations /> : <p className="muted">{t('office.org.noRetirement')}</p>}
    </section>
  );
}
