import type { ReactNode } from 'react';
import type { AddressObject, Client } from '../../../shared/domain/bank.js';
import { invoiceGaps, type InvoiceField } from '../../../shared/domain/client-invoice.js';
import { clientKindWords } from '../../../shared/i18n/bank-words.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { call } from '../bridge.js';
import { Dialog } from '../components/Dialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useLocale } from '../hooks/useLocale.js';
import { useRemote } from '../hooks/useRemote.js';
import { useT } from '../i18n/useT.js';
import { dateTime } from '../logic/format.js';

/** The client's name as the bank stores it; '' when it has none (the screen words that). */
export const clientName = (c: Client) => c.name || [c.first_name, c.last_name].filter(Boolean).join(' ');

const GAP_WORDS: Record<InvoiceField, MessageId> = {
  currency: 'office.client.gap.currency',
  locale: 'office.client.gap.locale',
  address: 'office.client.gap.address',
};

const orDash = (v: string | null | undefined): ReactNode => (v && v.trim() ? v : '—');

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return <div className={wide ? 'wide' : undefined}><dt>{label}</dt><dd>{children}</dd></div>;
}

function Missing() {
  const t = useT();
  return <span className="missing">{t('office.client.missing')}</span>;
}

function AddressFacts({ a }: { a: AddressObject | undefined }) {
  const t = useT();
  if (!a || Object.values(a).every((v) => !v)) return <p className="muted">{t('office.client.notGiven')}</p>;
  return (
    <dl className="facts compact">
      <Fact label={t('office.client.street')}>{orDash(a.street_address)}</Fact>
      <Fact label={t('office.client.zip')}>{orDash(a.zip_code)}</Fact>
      <Fact label={t('office.client.city')}>{orDash(a.city)}</Fact>
      <Fact label={t('office.client.provinceShort')}>{orDash(a.province_code)}</Fact>
      <Fact label={t('office.client.countryShort')}>{orDash(a.country_code)}</Fact>
    </dl>
  );
}

/** The whole client record as the bank stores it, with what an invoice still needs flagged (docs/bank-api.md, Clients). */
export function ClientDetail({ clientId, onClose }: { clientId: string; onClose: () => void }) {
  const t = useT();
  const client = useRemote(() => call('getClient', { clientId }), clientId);
  const c = client.data;
  return (
    <Dialog title={c ? clientName(c) || t('office.client.unnamed') : t('office.client.title')} onClose={onClose}>
      <ErrorAlert error={client.error} />
      {client.loading && !c && <p className="muted" role="status">{t('office.client.loading')}</p>}
      {c && <ClientFacts c={c} />}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>{t('office.close')}</button>
      </div>
    </Dialog>
  );
}

function ClientFacts({ c }: { c: Client }) {
  const t = useT();
  const locale = useLocale();
  const gaps = invoiceGaps(c);
  const rootAddress: AddressObject = { street_address: c.address, city: c.city, zip_code: c.zip_code, province_code: c.province_code, country_code: c.country_code };
  return (
    <div className="client-detail">
      {gaps.length > 0 ? (
        <div className="alert alert-warning" role="note">
          {t('office.client.gaps', { list: new Intl.ListFormat(locale, { type: 'unit', style: 'long' }).format(gaps.map((g) => t(GAP_WORDS[g]))) })}
        </div>
      ) : (
        <div className="alert alert-success" role="note">{t('office.client.readyToInvoice')}</div>
      )}
      <h3>{t('office.client.group.identity')}</h3>
      <dl className="facts compact">
        <Fact label={t('office.client.kind')}>{clientKindWords(t, c.kind)}</Fact>
        <Fact label={t('office.client.name')}>{orDash(c.name)}</Fact>
        <Fact label={t('office.client.firstName')}>{orDash(c.first_name)}</Fact>
        <Fact label={t('office.client.lastName')}>{orDash(c.last_name)}</Fact>
      </dl>
      <h3>{t('office.client.group.contact')}</h3>
      <dl className="facts compact">
        <Fact label={t('office.client.email')}>{orDash(c.email)}</Fact>
        <Fact label={t('office.client.phone')}>{c.phone ? `${c.phone.country_code} ${c.phone.number}` : orDash(c.phone_number)}</Fact>
        <Fact label={t('office.client.extraEmails')} wide>{c.extra_emails?.length ? c.extra_emails.join(', ') : '—'}</Fact>
      </dl>
      <h3>{t('office.client.group.invoicing')}</h3>
      <dl className="facts compact">
        <Fact label={t('office.client.currency')}>{c.currency ? c.currency : <Missing />}</Fact>
        <Fact label={t('office.client.locale')}>{c.locale ? c.locale : <Missing />}</Fact>
        <Fact label={t('office.client.vat')}>{orDash(c.vat_number)}</Fact>
        <Fact label={t('office.client.taxId')}>{orDash(c.tax_identification_number)}</Fact>
        <Fact label={t('office.client.recipientCode')}>{orDash(c.recipient_code)}</Fact>
        <Fact label={t('office.client.eInvoicing')}>{orDash(c.e_invoicing_address)}</Fact>
        <Fact label={t('office.client.reachable')}>{c.e_invoicing_reachable ? t('office.yes') : t('office.no')}</Fact>
      </dl>
      <h3>{t('office.client.group.billing')} {gaps.includes('address') && <Missing />}</h3>
      <AddressFacts a={c.billing_address ?? rootAddress} />
      <h3>{t('office.client.group.delivery')}</h3>
      <AddressFacts a={c.delivery_address} />
      <h3>{t('office.client.group.record')}</h3>
      <dl className="facts compact">
        <Fact label={t('office.clients.col.created')}>{dateTime(c.created_at, locale)}</Fact>
        <Fact label={t('office.client.updated')}>{dateTime(c.updated_at, locale)}</Fact>
      </dl>
    </div>
  );
}
