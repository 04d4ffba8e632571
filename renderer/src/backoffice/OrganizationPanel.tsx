import { useState } from 'react';
import { availability } from '../../../shared/domain/access.js';
import type { BankAccount } from '../../../shared/domain/bank.js';
import { call } from '../bridge.js';
import { SectionIfAllowed } from '../components/Unavailable.js';
import { useAccess } from '../hooks/useAccess.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useLocale } from '../hooks/useLocale.js';
import { useRemote } from '../hooks/useRemote.js';
import { dateTime, money } from '../logic/format.js';
import { useApp } from '../store/app.js';
import { Deprecations } from './Deprecations.js';
import { RefreshButton, SectionHead } from '../components/SectionHead.js';

const text = (v: unknown): string => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : '—');

/** Accounts at this bank and, when the manager asks for them, accounts at other banks, in two tables. */
function AccountsTable({ accounts, external }: { accounts: BankAccount[]; external: boolean }) {
  const locale = useLocale();
  if (accounts.length === 0) return <p className="empty">{external ? 'No account at another bank is connected.' : 'No bank account.'}</p>;
  return (
    <table className="table" aria-label={external ? 'Accounts at other banks' : 'Accounts at this bank'}>
      <thead>
        <tr>
          <th>Account</th><th>IBAN</th><th>BIC</th>{external && <th>Account number</th>}
          <th className="num">Balance</th><th className="num">Authorized balance</th><th>Status</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((a) => (
          <tr key={a.id}>
            <td className="strong">{a.name}{a.main && <span className="badge badge-neutral">Main account</span>}</td>
            <td className="mono">{a.iban || '—'}</td>
            <td className="mono">{a.bic || '—'}</td>
            {external && <td className="mono">{text(a['account_number'])}</td>}
            <td className="num">{money(a.balance_cents, locale, a.currency)}</td>
            <td className="num">{money(a.authorized_balance_cents, locale, a.currency)}</td>
            <td>{a.status === 'active' ? 'Active' : 'Closed'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The organization as the bank reports it, with account balances from the *_cents integers. */
export function OrganizationPanel() {
  const access = useAccess();
  return (
    <SectionIfAllowed can={access && availability('viewOrganization', access)} headingId="org-heading" title="Organization">
      <OrganizationDetails />
    </SectionIfAllowed>
  );
}

function OrganizationDetails() {
  const [includeExternal, setIncludeExternal] = useState(false);
  const org = useRemote(() => call('getOrganization', { includeExternalAccounts: includeExternal }), `organization:${includeExternal}`);
  const locale = useLocale();
  const hasDeprecations = useApp((s) => (s.appState?.deprecations.length ?? 0) > 0);
  const o = org.data;
  return (
    <section className="bo-section" aria-labelledby="org-heading">
      <SectionHead id="org-heading" title="Organization">
        <RefreshButton onClick={org.reload} />
      </SectionHead>
      <ErrorAlert error={org.error} />
      {org.loading && !o && <p className="muted" role="status">Loading…</p>}
      {o && (
        <>
          <dl className="facts">
            <div><dt>Name</dt><dd>{o.name}</dd></div>
            <div><dt>Legal name</dt><dd>{text(o.legal_name)}</dd></div>
            <div><dt>Legal form</dt><dd>{text(o.legal_form)}</dd></div>
            <div><dt>Registration number</dt><dd>{text(o.legal_number)}</dd></div>
            <div><dt>Country</dt><dd>{text(o.legal_country)}</dd></div>
            <div><dt>Address</dt><dd>{text(o.legal_address)}</dd></div>
            <div><dt>Language</dt><dd>{text(o.locale)}</dd></div>
            <div><dt>Slug</dt><dd className="mono">{o.slug}</dd></div>
            <div><dt>Contract signed</dt><dd>{o.contract_signed_at ? dateTime(o.contract_signed_at, locale) : '—'}</dd></div>
          </dl>
          <h3 className="accounts-title">Accounts at this bank</h3>
          <AccountsTable accounts={o.bank_accounts.filter((a) => !a.is_external_account)} external={false} />
          <div className="field-check">
            <label>
              <input type="checkbox" checked={includeExternal} onChange={(e) => setIncludeExternal(e.target.checked)} />
              {' '}Also show accounts at other banks connected to this company
            </label>
          </div>
          {includeExternal && (
            <>
              <h3 className="accounts-title">Accounts at other banks</h3>
              <AccountsTable accounts={o.bank_accounts.filter((a) => a.is_external_account)} external />
            </>
          )}
        </>
      )}
      <h3>API retirement notices</h3>
      {hasDeprecations ? <Deprecations /> : <p className="muted">None: every bank route this app uses is current.</p>}
    </section>
  );
}
