import { useEffect, useState } from 'react';
import { STAFF_NAME_MAX, STAFF_ROLES, type StaffMember, type StaffRole } from '../../../shared/domain/staff.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { IpcResult } from '../../../shared/ipc/types.js';
import type { StaffView } from '../../../shared/ipc/staff-requests.js';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { SecretField } from '../components/SecretField.js';
import { SectionHead } from '../components/SectionHead.js';
import { TextField } from '../components/TextField.js';
import { useAction } from '../hooks/useAction.js';
import { useT } from '../i18n/useT.js';
import { useManager } from '../store/manager.js';
import { useStaff } from '../store/staff.js';

const ROLE_WORDS: Record<StaffRole, MessageId> = { cashier: 'staff.role.cashier', manager: 'staff.role.manager' };

/**
 * The staff list, a manager's: who may sell under their own name and PIN, who is a manager,
 * who was deactivated, and after how many idle minutes the counter asks who is selling again.
 * Every refusal comes back in words from the main process, which checks everything again.
 */
export function Staff() {
  const t = useT();
  const view = useStaff((s) => s.view);
  const nameFirst = useManager((s) => s.view?.nameFirstManager ?? false);
  const action = useAction();
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => {
    void useStaff.getState().load();
  }, []);

  const run = async (req: () => Promise<IpcResult<StaffView>>, done: string) => {
    const res = await action.run(req, done);
    if (res.ok) useStaff.getState().apply(res.value);
    return res.ok;
  };

  return (
    <section className="bo-section" aria-labelledby="staff-heading">
      <SectionHead id="staff-heading" title={t('staff.title')} />
      <p className="muted">{t('staff.intro')}</p>
      {view?.damaged && <div className="alert alert-warning" role="alert">{t('staff.damaged')}</div>}
      {view?.lastCopy && <div className="alert alert-warning" role="status">{t('staff.lastCopy')}</div>}
      {nameFirst && <FirstManagerName />}
      {view && view.people.length === 0 && !nameFirst && <p className="empty">{t('staff.empty')}</p>}
      {view && view.people.length > 0 && (
        <table className="table staff-table">
          <thead>
            <tr><th>{t('staff.name')}</th><th>{t('staff.role')}</th><th>{t('staff.active')}</th><th /></tr>
          </thead>
          <tbody>
            {view.people.map((p) => editing === p.id ? (
              <tr key={p.id}><td colSpan={4}><PersonForm person={p} busy={action.busy} onDone={() => setEditing(null)} run={run} /></td></tr>
            ) : (
              <tr key={p.id} className={p.active ? '' : 'is-inactive'}>
                <td>{p.name}</td>
                <td>{t(ROLE_WORDS[p.role])}</td>
                <td>{t(p.active ? 'staff.active' : 'staff.inactive')}</td>
                <td className="row-actions">
                  <button type="button" className="btn btn-secondary" onClick={() => setEditing(p.id)}>{t('staff.edit')}</button>
                  <button type="button" className="btn btn-secondary" disabled={action.busy}
                    onClick={() => void run(() => call('setStaffActive', { staffId: p.id, active: !p.active }), t('staff.saved'))}>
                    {t(p.active ? 'staff.deactivate' : 'staff.reactivate')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <ErrorAlert error={action.error} />
      {!nameFirst && <PersonForm person={null} busy={action.busy} onDone={() => undefined} run={run} />}
      {view && view.people.length > 0 && <IdleMinutes minutes={view.idleMinutes} busy={action.busy} run={run} />}
    </section>
  );
}

type Run = (req: () => Promise<IpcResult<StaffView>>, done: string) => Promise<boolean>;

/** Adding a person (person null), or changing one's name, role or PIN (an empty PIN keeps it). */
function PersonForm({ person, busy, onDone, run }: { person: StaffMember | null; busy: boolean; onDone: () => void; run: Run }) {
  const t = useT();
  const [name, setName] = useState(person?.name ?? '');
  const [role, setRole] = useState<StaffRole>(person?.role ?? 'cashier');
  const [pin, setPin] = useState('');
  const tooLong = name.trim().length > STAFF_NAME_MAX ? t('staff.error.nameLong', { max: STAFF_NAME_MAX }) : null;
  const badPin = pin && !/^[0-9]{4,8}$/.test(pin) ? t('staff.error.pinShape') : null;
  const ready = name.trim() !== '' && !tooLong && !badPin && (person !== null || pin !== '');

  const save = async () => {
    if (!ready) return;
    const ok = person
      ? await run(() => call('editStaff', { staffId: person.id, name, role, ...(pin ? { pin } : {}) }), t('staff.saved'))
      : await run(() => call('addStaff', { name, role, pin }), t('staff.added', { name: name.trim() }));
    if (!ok) return;
    setPin('');
    if (!person) setName('');
    onDone();
  };

  return (
    <form className="staff-form" aria-label={person ? person.name : t('staff.add')} onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <div className="form-grid">
        <TextField label={t('staff.name')} value={name} onChange={setName} errorText={tooLong} required />
        <div className="field">
          <label htmlFor={`role-${person?.id ?? 'new'}`}>{t('staff.role')}</label>
          <select id={`role-${person?.id ?? 'new'}`} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {STAFF_ROLES.map((r) => <option key={r} value={r}>{t(ROLE_WORDS[r])}</option>)}
          </select>
        </div>
        <SecretField label={t(person ? 'staff.newPin' : 'staff.pin')} value={pin} onChange={setPin} numeric error={badPin} />
      </div>
      <div className="form-actions">
        {person && <button type="button" className="btn btn-secondary" onClick={onDone}>{t('common.cancel')}</button>}
        <button type="submit" className="btn btn-primary" disabled={busy || !ready}>{t(person ? 'staff.save' : 'staff.add')}</button>
      </div>
    </form>
  );
}

function IdleMinutes({ minutes, busy, run }: { minutes: number; busy: boolean; run: Run }) {
  const t = useT();
  const [value, setValue] = useState(String(minutes));
  const n = Number(value);
  const ok = Number.isInteger(n) && n >= 1 && n <= 240;
  return (
    <form className="staff-idle" onSubmit={(e) => { e.preventDefault(); if (ok) void run(() => call('setIdleMinutes', { minutes: n }), t('staff.saved')); }}>
      <div className="field">
        <label htmlFor="staff-idle">{t('staff.idle')}</label>
        <input id="staff-idle" type="number" min={1} max={240} step={1} value={value} onChange={(e) => setValue(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={busy || !ok}>{t('staff.idleSave')}</button>
    </form>
  );
}

/** The upgrade: the manager who opened the back office with the register's PIN gives their name once. */
export function FirstManagerName() {
  const t = useT();
  const [name, setName] = useState('');
  const action = useAction();
  const save = async () => {
    const res = await action.run(() => call('nameFirstManager', { name }));
    if (res.ok) {
      useManager.getState().apply(res.value);
      await useStaff.getState().load();
    }
  };
  return (
    <form className="settings-block" aria-labelledby="first-manager-heading" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <h3 id="first-manager-heading">{t('staff.firstManager.title')}</h3>
      <p className="muted">{t('staff.firstManager.intro')}</p>
      <TextField label={t('staff.name')} value={name} onChange={setName} required autoFocus />
      <ErrorAlert error={action.error} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={action.busy || name.trim() === ''}>{t('staff.firstManager.save')}</button>
      </div>
    </form>
  );
}
