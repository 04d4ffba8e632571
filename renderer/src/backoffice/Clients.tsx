import { useState } from 'react';
import { availability } from '../../../shared/domain/access.js';
import type { Client, ClientListQuery, ClientSort } from '../../../shared/domain/bank.js';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { FieldError } from '../components/FieldError.js';
import { Pager } from '../components/Pager.js';
import { GatedButton, SectionIfAllowed, UnavailableNote } from '../components/Unavailable.js';
import { useAccess } from '../hooks/useAccess.js';
import { useRemote } from '../hooks/useRemote.js';
import { clientSearchProblem, type ClientSearchBy } from '../logic/client-form.js';
import { dateOnly, words } from '../logic/format.js';
import { invoiceGaps } from '../../../shared/domain/client-invoice.js';
import { useLocale } from '../hooks/useLocale.js';
import { ClientDetail, clientName } from './ClientDetail.js';
import { NewClientForm } from './NewClientForm.js';
import { SectionHead } from '../components/SectionHead.js';

const PAGE_SIZE = 20;
const SEARCH_BY: { value: ClientSearchBy; label: string }[] = [
  { value: 'name', label: 'Name' }, { value: 'email', label: 'Email' }, { value: 'vat_number', label: 'VAT number' },
];

const SORTS: { value: ClientSort; label: string }[] = [
  { value: 'name:asc', label: 'Name A→Z' }, { value: 'name:desc', label: 'Name Z→A' },
  { value: 'created_at:desc', label: 'Newest first' }, { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'updated_at:desc', label: 'Recently changed' }, { value: 'updated_at:asc', label: 'Least recently changed' },
];
const displayName = clientName;

/** Search the organization's clients before creating one (the bank never refuses a duplicate), and open any of them. */
export function Clients() {
  const access = useAccess();
  return (
    <SectionIfAllowed can={access && availability('viewClients', access)} headingId="clients-heading" title="Clients">
      <ClientList />
    </SectionIfAllowed>
  );
}

function ClientList() {
  const access = useAccess();
  const canCreate = access ? availability('createClient', access) : { ok: false as const, reason: 'Checking what this bank sign-in may do…' };
  const [by, setBy] = useState<ClientSearchBy>('name');
  const [text, setText] = useState('');
  const [query, setQuery] = useState<ClientListQuery>({ sort_by: 'name:asc', page: 1, per_page: PAGE_SIZE });
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Client | null>(null);
  const clients = useRemote(() => call('listClients', query), JSON.stringify(query));
  const locale = useLocale();
  const problem = clientSearchProblem(by, text);

  const search = () => {
    if (problem) return;
    const value = text.trim();
    setQuery({ sort_by: query.sort_by ?? 'name:asc', page: 1, per_page: PAGE_SIZE, ...(value ? { [by]: value } : {}) });
  };

  return (
    <section className="bo-section" aria-labelledby="clients-heading">
      <SectionHead id="clients-heading" title="Clients">
        <GatedButton can={canCreate} noteId="clients-unavailable" className="btn btn-primary btn-small" aria-expanded={creating} onClick={() => setCreating(!creating)}>
          New client
        </GatedButton>
      </SectionHead>
      {!canCreate.ok && access && <UnavailableNote id="clients-unavailable" what="New client" reason={canCreate.reason} />}
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
        <div className="field">
          <label htmlFor="client-sort">Sort by</label>
          <select id="client-sort" value={query.sort_by ?? 'name:asc'} onChange={(e) => setQuery({ ...query, sort_by: e.target.value as ClientSort, page: 1 })}>
            {SORTS.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
          </select>
        </div>
      </form>
      {open && <ClientDetail clientId={open} onClose={() => setOpen(null)} />}
      <ErrorAlert error={clients.error} />
      {clients.data && clients.data.items.length === 0 && <p className="empty">No client found.</p>}
      {clients.data && clients.data.items.length > 0 && (
        <table className="table">
          <thead>
            <tr><th>Name</th><th>Kind</th><th>Email</th><th>VAT number</th><th>City</th><th>Invoicing</th><th>Created</th></tr>
          </thead>
          <tbody>
            {clients.data.items.map((c) => (
              <tr key={c.id} className="client-row" onClick={() => setOpen(c.id)}>
                <td className="strong">
                  <button type="button" className="link-button" onClick={(e) => { e.stopPropagation(); setOpen(c.id); }}>{displayName(c)}</button>
                </td>
                <td>{words(c.kind)}</td>
                <td>{c.email || '—'}</td>
                <td className="mono">{c.vat_number || '—'}</td>
                <td>{c.billing_address?.city || c.city || '—'}</td>
                <td>{invoiceGaps(c).length === 0 ? <span className="badge badge-success">Ready</span> : <span className="badge badge-warning">Incomplete</span>}</td>
                <td className="muted">{dateOnly(c.created_at, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {clients.data && <Pager meta={clients.data.meta} noun={{ one: 'client', many: 'clients' }} onPage={(page) => setQuery({ ...query, page })} />}
    </section>
  );
}
