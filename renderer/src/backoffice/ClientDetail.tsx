import type { ReactNode } from 'react';
import type { AddressObject, Client } from '../../../shared/domain/bank.js';
import { invoiceGaps, type InvoiceField } from '../../../shared/domain/client-invoice.js';
import { call } from '../bridge.js';
import { Dialog } from '../components/Dialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useLocale } from '../hooks/useLocale.js';
import { useRemote } from '../hooks/useRemote.js';
import { dateTime, words } from '../logic/format.js';

export const clientName = (c: Client) => c.name || [c.first_name, c.last_name].filter(Boolean).join(' ') || 'Unnamed client';

const GAP_WORDS: Record<InvoiceField, string> = {
  currency: 'an invoice currency',
  locale: 'a document language',
  address: 'a billing address (street, city and country)',
};

const MISSING = <span className="missing">Missing: needed to invoice</span>;
const orDash = (v: string | null | undefined): ReactNode => (v && v.trim() ? v : '—');

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return <div className={wide ? 'wide' : undefined}><dt>{label}</dt><dd>{children}</dd></div>;
}

function AddressFacts({ a }: { a: AddressObject | undefined }) {
  if (!a || Object.values(a).every((v) => !v)) return <p className="muted">Not given.</p>;
  return (
    <dl className="facts compact">
      <Fact label="Street">{orDash(a.street_address)}</Fact>
      <Fact label="Postal code">{orDash(a.zip_code)}</Fact>
      <Fact label="City">{orDash(a.city)}</Fact>
      <Fact label="Province">{orDash(a.province_code)}</Fact>
      <Fact label="Country">{orDash(a.country_code)}</Fact>
    </dl>
  );
}

/** The whole client record as the bank stores it, with what an invoice still needs flagged (spec rule 2). */
export function ClientDetail({ clientId, onClose }: { clientId: string; onClose: () => void }) {
  const client = useRemote(() => call('getClient', { clientId }), clientId);
  const c = client.data;
  return (
    <Dialog title={c ? clientName(c) : 'Client'} onClose={onClose}>
      <ErrorAlert error={client.error} />
      {client.loading && !c && <p className="muted" role="status">Loading the client…</p>}
      {c && <ClientFacts c={c} />}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>Close</button>
      </div>
    </Dialog>
  );
}

function ClientFacts({ c }: { c: Client }) {
  const locale = useLocale();
  const gaps = invoiceGaps(c);
  const rootAddress: AddressObject = { street_address: c.address, city: c.city, zip_code: c.zip_code, province_code: c.province_code, country_code: c.country_code };
  return (
    <div className="client-detail">
      {gaps.length > 0 ? (
        <div className="alert alert-warning" role="note">
          Before this client can be invoiced, add {gaps.map((g) => GAP_WORDS[g]).join(', ')}.
        </div>
      ) : (
        <div className="alert alert-success" role="note">Ready to invoice: currency, document language and address are set.</div>
      )}
      <h3>Identity</h3>
      <dl className="facts compact">
        <Fact label="Kind">{words(c.kind)}</Fact>
        <Fact label="Company name">{orDash(c.name)}</Fact>
        <Fact label="First name">{orDash(c.first_name)}</Fact>
        <Fact label="Last name">{orDash(c.last_name)}</Fact>
      </dl>
      <h3>Contact</h3>
      <dl className="facts compact">
        <Fact label="Email">{orDash(c.email)}</Fact>
        <Fact label="Phone">{c.phone ? `${c.phone.country_code} ${c.phone.number}` : orDash(c.phone_number)}</Fact>
        <Fact label="Extra emails" wide>{c.extra_emails?.length ? c.extra_emails.join(', ') : '—'}</Fact>
      </dl>
      <h3>Invoicing</h3>
      <dl className="facts compact">
        <Fact label="Invoice currency">{c.currency ? c.currency : MISSING}</Fact>
        <Fact label="Document language">{c.locale ? c.locale : MISSING}</Fact>
        <Fact label="VAT number">{orDash(c.vat_number)}</Fact>
        <Fact label="Tax identification number">{orDash(c.tax_identification_number)}</Fact>
        <Fact label="Recipient code (Italy)">{orDash(c.recipient_code)}</Fact>
        <Fact label="E-invoicing address (France)">{orDash(c.e_invoicing_address)}</Fact>
        <Fact label="Can receive e-invoices">{c.e_invoicing_reachable ? 'Yes' : 'No'}</Fact>
      </dl>
      <h3>Billing address {gaps.includes('address') && MISSING}</h3>
      <AddressFacts a={c.billing_address ?? rootAddress} />
      <h3>Delivery address</h3>
      <AddressFacts a={c.delivery_address} />
      <h3>Record</h3>
      <dl className="facts compact">
        <Fact label="Created">{dateTime(c.created_at, locale)}</Fact>
        <Fact label="Last changed">{dateTime(c.updated_at, locale)}</Fact>
      </dl>
    </div>
  );
}
