import { useMemo, useRef, useState } from 'react';
import type { Client, ClientKind } from '../../../shared/domain/bank.js';
import type { IpcError } from '../../../shared/ipc/types.js';
import { validateClientCreate } from '../../../shared/validation/client.js';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { FieldError } from '../components/FieldError.js';
import { TextField } from '../components/TextField.js';
import {
  buildClientBody, CLIENT_FIELD_POINTERS, clientKindsFor, emptyClientForm, vatExampleFor, nameFieldsFor, visibleFields,
  type ClientField, type ClientForm, type ClientTextField,
} from '../logic/client-form.js';
import { placeIssues } from '../logic/issues.js';
import { useApp } from '../store/app.js';
import { GROUPS, LABELS } from './client-fields.js';

/**
 * Live checks with the same shared rules the main process applies. A field's
 * message appears once it was touched, and all of them on a create attempt.
 */
export function NewClientForm({ onCreated, onCancel }: { onCreated: (c: Client) => void; onCancel: () => void }) {
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
  const vatHint = vatExample ? `e.g. ${vatExample}` : undefined;
  const field = (f: ClientTextField) => {
    const spec = LABELS[f];
    const label = f === 'name' && form.kind === 'freelancer' ? 'Business name' : spec.label;
    return visible.has(f) && (
      <TextField key={f} label={label} hint={f === 'vat_number' ? vatHint : spec.hint} type={spec.type} value={form[f]} onChange={set(f)}
        required={nameFieldsFor(form.kind).includes(f)} issues={issuesOf(f)} onBlur={() => setTouched((p) => new Set(p).add(f))} />
    );
  };

  return (
    <form ref={formRef} className="client-form panel" aria-label="New client" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h3>New client</h3>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="client-kind">Kind</label>
          <select id="client-kind" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as ClientKind })}>
            {clientKindsFor(country).map((k) => <option key={k.value} value={k.value}>{k.label}</option>)}
          </select>
          <FieldError id="client-kind-error" issues={issuesOf('kind')} />
        </div>
        {nameFieldsFor(form.kind).map(field)}
      </div>
      {GROUPS.map((g) => (
        <fieldset key={g.title} className="form-group">
          <legend>{g.title}</legend>
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
        <button type="button" className="btn btn-secondary" onClick={onCancel}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Creating…' : 'Create client'}</button>
      </div>
    </form>
  );
}
