import { useState } from 'react';
import type { Client, ClientListQuery } from '../../../shared/domain/bank.js';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { FieldError } from '../components/FieldError.js';
import { Pager } from '../components/Pager.js';
import { useRemote } from '../hooks/useRemote.js';
import { clientSearchProblem, type ClientSearchBy } from '../logic/client-form.js';
import { clientKindWords } from '../../../shared/i18n/bank-words.js';
import { NewClientForm } from './NewClientForm.js';
import { useT } from '../i18n/useT.js';
import { SectionHead } from '../components/SectionHead.js';

const PAGE_SIZE = 20;
const SEARCH_BY: { value: ClientSearchBy; label: string }[] = [
  { value: 'name', label: 'Name' }, { value: 'email', label: 'Email' }, { value: 'vat_number', label: 'VAT number' },
];

const displayName = (c: Client) => c.name || [c.first_name, c.last_name].filter(Boolean).join(' ') || 'Unnamed client';

/** Search the organization's clients before creating one: the bank never refuses a duplicate. */
export function Clients() {
  const t = useT();
  const [by, setBy] = useState<ClientSearchBy>('name');
  const [text, setText] = useState('');
  const [query, setQuery] = useState<ClientListQuery>({ sort_by: 'name:asc', page: 1, per_page: PAGE_SIZE });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Client | null>(null);
  const clients = useRemote(() => call('listClients', query), JSON.stringify(query));
  const problem = clientSearchProblem(by, text);

  const search = () => {
    if (problem) return;
    const value = text.trim();
    setQuery({ sort_by: 'name:asc', page: 1, per_page: PAGE_SIZE, ...(value ? { [by]: value } : {}) });
  };

  return (
    <section className="bo-section" aria-labelledby="clients-heading">
      <SectionHead id="clients-heading" title="Clients">
        <button type="button" className="btn btn-primary btn-small" aria-expanded={creating} onClick={() => setCreating(!creating)}>
          New client
        </button>
      </SectionHead>
      {created && <div className="alert alert-success" role="status">Client created: {displayName(created)}</div>}
      {creating && (
        <NewClientForm
          onCancel={() => setCreating(false)}
          onCreated={(c) => {
            setCreated(c);
            setCreating(false);
            clients.reload();
          }}
        />
      )}
      <form className="filters" role="search" onSubmit={(e) => { e.preventDefault(); search(); }}>
        <div className="field">
          <label htmlFor="client-search-by">Search by</label>
          <select id="client-search-by" value={by} onChange={(e) => setBy(e.target.value as ClientSearchBy)}>
            {SEARCH_BY.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor="client-search">Search clients</label>
          <input id="client-search" type="search" value={text} aria-describedby={problem ? 'client-search-error' : undefined}
            onChange={(e) => setText(e.target.value)} />
          <FieldError id="client-search-error" text={problem} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={problem !== null}>Search</button>
      </form>
      <ErrorAlert error={clients.error} />
      {clients.data && clients.data.items.length === 0 && <p className="empty">No client found.</p>}
      {clients.data && clients.data.items.length > 0 && (
        <table className="table">
          <thead>
            <tr><th>Name</th><th>Kind</th><th>Email</th><th>VAT number</th><th>City</th></tr>
          </thead>
          <tbody>
            {clients.data.items.map((c) => (
              <tr key={c.id}>
                <td className="strong">{displayName(c)}</td>
                <td>{clientKindWords(t, c.kind)}</td>
                <td>{c.email || '—'}</td>
                <td className="mono">{c.vat_number || '—'}</td>
                <td>{c.billing_address?.city || c.city || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {clients.data && <Pager meta={clients.data.meta} count={t('clients.count', { count: clients.data.meta.total_count })} onPage={(page) => setQuery({ ...query, page })} />}
    </section>
  );
}
