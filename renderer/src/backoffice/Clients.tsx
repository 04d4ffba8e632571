import { useState } from 'react';
import type { Client, ClientListQuery, ClientSort } from '../../../shared/domain/bank.js';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { FieldError } from '../components/FieldError.js';
import { Pager } from '../components/Pager.js';
import { GatedButton, SectionIfAllowed, UnavailableNote } from '../components/Unavailable.js';
import { useAccess } from '../hooks/useAccess.js';
import { useRemote } from '../hooks/useRemote.js';
import { useT } from '../i18n/useT.js';
import { clientSearchProblem, type ClientSearchBy } from '../logic/client-form.js';
import { dateOnly } from '../logic/format.js';
import { canIn } from '../logic/access-notes.js';
import { clientKindWords } from '../../../shared/i18n/bank-words.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { say } from '../../../shared/i18n/translate.js';
import { invoiceGaps } from '../../../shared/domain/client-invoice.js';
import { useLocale } from '../hooks/useLocale.js';
import { ClientDetail, clientName } from './ClientDetail.js';
import { NewClientForm } from './NewClientForm.js';
import { SectionHead } from '../components/SectionHead.js';

const PAGE_SIZE = 20;
const SEARCH_BY: { value: ClientSearchBy; label: MessageId }[] = [
  { value: 'name', label: 'office.clients.by.name' }, { value: 'email', label: 'office.client.email' }, { value: 'vat_number', label: 'office.client.vat' },
];

const SORTS: { value: ClientSort; label: MessageId }[] = [
  { value: 'name:asc', label: 'office.clients.sort.nameAsc' }, { value: 'name:desc', label: 'office.clients.sort.nameDesc' },
  { value: 'created_at:desc', label: 'office.clients.sort.newest' }, { value: 'created_at:asc', label: 'office.clients.sort.oldest' },
  { value: 'updated_at:desc', label: 'office.clients.sort.changedRecently' }, { value: 'updated_at:asc', label: 'office.clients.sort.changedLongAgo' },
];

/** Search the organization's clients before creating one (the bank never refuses a duplicate), and open any of them. */
export function Clients() {
  const t = useT();
  return (
    <SectionIfAllowed action="viewClients" headingId="clients-heading" title={t('office.clients.title')}>
      <ClientList />
    </SectionIfAllowed>
  );
}

function ClientList() {
  const t = useT();
  const access = useAccess();
  const canCreate = access ? canIn(t, 'createClient', access) : { ok: false as const, why: 'signed_out' as const, reason: t('office.access.checking') };
  const displayName = (c: Client) => clientName(c) || t('office.client.unnamed');
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
      <SectionHead id="clients-heading" title={t('office.clients.title')}>
        <GatedButton can={canCreate} noteId="clients-unavailable" className="btn btn-primary btn-small" aria-expanded={creating} onClick={() => setCreating(!creating)}>
          {t('office.client.new')}
        </GatedButton>
      </SectionHead>
      {!canCreate.ok && access && <UnavailableNote id="clients-unavailable" what={t('office.client.new')} reason={canCreate.reason} />}
      {created && <div className="alert alert-success" role="status">{t('office.clients.created', { name: displayName(created) })}</div>}
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
          <label htmlFor="client-search-by">{t('office.clients.searchBy')}</label>
          <select id="client-search-by" value={by} onChange={(e) => setBy(e.target.value as ClientSearchBy)}>
            {SEARCH_BY.map((s) => <option key={s.value} value={s.value}>{t(s.label)}</option>)}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor="client-search">{t('office.clients.search')}</label>
          <input id="client-search" type="search" value={text} aria-describedby={problem ? 'client-search-error' : undefined}
            onChange={(e) => setText(e.target.value)} />
          <FieldError id="client-search-error" text={problem && say(t, problem)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={problem !== null}>{t('office.search')}</button>
        <div className="field">
          <label htmlFor="client-sort">{t('office.sortBy')}</label>
          <select id="client-sort" value={query.sort_by ?? 'name:asc'} onChange={(e) => setQuery({ ...query, sort_by: e.target.value as ClientSort, page: 1 })}>
            {SORTS.map((s) => <option key={s.value} value={s.value}>{t(s.label)}</option>)}
          </select>
        </div>
      </form>
      {open && <ClientDetail clientId={open} onClose={() => setOpen(null)} />}
      <ErrorAlert error={clients.error} />
      {clients.data && clients.data.items.length === 0 && <p className="empty">{t('office.clients.none')}</p>}
      {clients.data && clients.data.items.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('office.clients.col.name')}</th><th>{t('office.client.kind')}</th><th>{t('office.client.email')}</th><th>{t('office.client.vat')}</th>
              <th>{t('office.client.city')}</th><th>{t('office.clients.col.invoicing')}</th><th>{t('office.clients.col.created')}</th>
            </tr>
          </thead>
          <tbody>
            {clients.data.items.map((c) => (
              <tr key={c.id} className="client-row" onClick={() => setOpen(c.id)}>
                <td className="strong">
                  <button type="button" className="link-button" onClick={(e) => { e.stopPropagation(); setOpen(c.id); }}>{displayName(c)}</button>
                </td>
                <td>{clientKindWords(t, c.kind)}</td>
                <td>{c.email || '—'}</td>
                <td className="mono">{c.vat_number || '—'}</td>
                <td>{c.billing_address?.city || c.city || '—'}</td>
                <td>{invoiceGaps(c).length === 0 ? <span className="badge badge-success">{t('office.clients.ready')}</span> : <span className="badge badge-warning">{t('office.clients.incomplete')}</span>}</td>
                <td className="muted">{dateOnly(c.created_at, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {clients.data && <Pager meta={clients.data.meta} count={t('clients.count', { count: clients.data.meta.total_count })} onPage={(page) => setQuery({ ...query, page })} />}
    </section>
  );
}
