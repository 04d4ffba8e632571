import { useMemo, useRef, useState } from 'react';
import type { Client, ClientKind } from '../../../shared/domain/bank.js';
import type { IpcError } from '../../../shared/ipc/types.js';
import { validateClientCreate } from '../../../shared/validation/client.js';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { FieldError } from '../components/FieldError.js';
import { TextField } from '../components/TextField.js';
import {
  buildClientBody, CLIENT_FIELD_POINTERS, clientKindsFor, countryExampleFor, emptyClientForm, vatExampleFor, nameFieldsFor, phoneExampleFor, visibleFields,
  type ClientField, type ClientForm, type ClientTextField,
} from '../logic/client-form.js';
import { placeIssues } from '../logic/issues.js';
import { useApp } from '../store/app.js';
import { GROUPS, LABELS } from './client-fields.js';
import { clientKindWords } from '../../../shared/i18n/bank-words.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { useT } from '../i18n/useT.js';

/**
 * Live checks with the same shared rules the main process applies. A field's
 * message appears once it was touched, and all of them on a create attempt.
 */
export function NewClientForm({ onCreated, onCancel }: { onCreated: (c: Client) => void; onCancel: () => void }) {
  const t = useT();
  const country = useApp((s) => s.appState?.organization?.legalCountry ?? null);
  const [form, setForm] = useState<ClientForm>(emptyClientForm);
  const [touched, setTouched] = useState<Set<ClientField>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused create, the first box with a problem takes focus (after React drew the messages).
  const focusFirstProblem = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const body = useMemo(() => buildClientBody(form, country), [form, country]);
  const checked = useMemo(() => validateClientCreate(body, { organizationCountry: country }), [body, country]);
  const local = placeIssues(checked.ok ? [] : checked.issues, CLIENT_FIELD_POINTERS);
  const remote = placeIssues(error?.issues, CLIENT_FIELD_POINTERS);
  const issuesOf = (f: ClientField) => [
    ...(showAll || touched.has(f) ? local.byField[f] ?? [] : []),
    ...(remote.byField[f] ?? []),
  ];

  const set = (f: ClientTextField) => (value: string) => {
    setForm((prev) => ({ ...prev, [f]: value }));
    setTouched((prev) => new Set(prev).add(f));
  };

  const submit = async () => {
    setShowAll(true);
    if (!checked.ok) {
      focusFirstProblem();
      return;
    }
    if (busy) return;
    setBusy(true);
    setError(null);
    const res = await call('createClient', checked.value);
    setBusy(false);
    if (res.ok) onCreated(res.value);
    else {
      setError(res.error);
      focusFirstProblem();
    }
  };

  const visible = visibleFields(form.kind, country);
  const vatExample = vatExampleFor(country);
  // Examples follow the organization's country: a French VAT number means nothing to an Italian shop.
  const examples: Partial<Record<ClientTextField, string>> = {
    ...(vatExample ? { vat_number: vatExample } : {}),
    phone_country_code: phoneExampleFor(country),
    country_code: countryExampleFor(country),
  };
  const hintOf = (f: ClientTextField, hint: MessageId | undefined): string | undefined => {
    if (f === 'vat_number') return vatExample ? t('office.client.example', { example: vatExample }) : undefined;
    return hint && t(hint, { example: examples[f] ?? '' });
  };
  const field = (f: ClientTextField) => {
    const spec = LABELS[f];
    const label = t(f === 'name' && form.kind === 'freelancer' ? 'office.client.businessName' : spec.label);
    return visible.has(f) && (
      <TextField key={f} label={label} hint={hintOf(f, spec.hint)} type={spec.type} value={form[f]} onChange={set(f)}
        required={nameFieldsFor(form.kind).includes(f)} issues={issuesOf(f)} onBlur={() => setTouched((p) => new Set(p).add(f))} />
    );
  };

  return (
    <form ref={formRef} className="client-form panel" aria-label={t('office.client.new')} noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h3>{t('office.client.new')}</h3>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="client-kind">{t('office.client.kind')}</label>
          <select id="client-kind" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as ClientKind })}>
            {clientKindsFor(country).map((k) => <option key={k} value={k}>{clientKindWords(t, k)}</option>)}
          </select>
          <FieldError id="client-kind-error" issues={issuesOf('kind')} />
        </div>
        {nameFieldsFor(form.kind).map(field)}
      </div>
      {GROUPS.map((g) => (
        <fieldset key={g.title} className="form-group">
          <legend>{t(g.title)}</legend>
          <div className="form-grid">{g.fields.map(field)}</div>
        </fieldset>
      ))}
      {showAll && local.rest.length > 0 && (
        <div className="alert alert-error" role="alert">
          <ul className="alert-issues">{local.rest.map((i, n) => <li key={n}>{i.detail}</li>)}</ul>
        </div>
      )}
      <ErrorAlert error={error} issues={remote.rest} />
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>{t('office.cancel')}</button>
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? t('office.client.creating') : t('office.client.create')}</button>
      </div>
    </form>
  );
}
