import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { IpcError } from '../../../shared/ipc/types.js';
import type { StaffMember } from '../../../shared/domain/staff.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { SecretField } from '../components/SecretField.js';
import { useT } from '../i18n/useT.js';
import { useStaff } from '../store/staff.js';
import { ShiftDialog } from '../shifts/ShiftDialog.js';

/**
 * "Who is selling?": the active people's names, each with its number key, then that person's
 * PIN. F3 then a number is the two keystrokes that hand the till to someone else.
 */
export function WhoIsSelling() {
  const t = useT();
  const view = useStaff((s) => s.view);
  const switching = useStaff((s) => s.switching);
  const [picked, setPicked] = useState<StaffMember | null>(null);
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const people = (view?.people ?? []).filter((p) => p.active);
  // Store mode: a person added on another register appears here too.
  useEffect(() => {
    void useStaff.getState().load();
  }, []);

  const pick = (p: StaffMember | null) => {
    setPicked(p);
    setPin('');
    setError(null);
  };

  useEffect(() => {
    if (picked) return;
    const onKey = (e: KeyboardEvent) => {
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= people.length) {
        e.preventDefault();
        pick(people[n - 1] ?? null);
      } else if (e.key === 'Escape' && switching) useStaff.getState().setSwitching(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [picked, people, switching]);

  const submit = async () => {
    if (!picked || busy || !pin) return;
    setBusy(true);
    const res = await useStaff.getState().signIn(picked.id, pin);
    setBusy(false);
    setPin('');
    if (!res.ok) setError(res.error);
    else pick(null);
  };

  return (
    <section className="who-selling" aria-labelledby="who-heading">
      <h2 id="who-heading">{t('staff.who.title')}</h2>
      {view?.damaged && <div className="alert alert-warning" role="alert"><p className="alert-message">{t('staff.damaged')}</p></div>}
      {view?.lastCopy && <p className="muted" role="status">{t('staff.lastCopy')}</p>}
      {!picked ? (
        <>
          <p className="muted">{t('staff.who.hint')}</p>
          <ul className="who-names">
            {people.map((p, i) => (
              <li key={p.id}>
                <button type="button" className="btn btn-secondary who-name" onClick={() => pick(p)} aria-keyshortcuts={String(i + 1)}>
                  <kbd aria-hidden="true">{i + 1}</kbd> {p.name}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <SecretField label={t('staff.who.pinOf', { name: picked.name })} value={pin} onChange={setPin} numeric autoFocus />
          <ErrorAlert error={error} />
          <div className="form-actions">
            <button type="button" className="btn btn-secondary" onClick={() => pick(null)}>{t('staff.who.back')}</button>
            <button type="submit" className="btn btn-primary" disabled={busy || pin.length === 0}>{t('staff.who.signIn')}</button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The first of the two keystrokes that hand the till over (F2 is the manager's, F4 the terminal's). */
export const SWITCH_KEY = 'F3';

/** Who is selling, shown at all times while someone is: their name, the switch (F3) and the end of their day (then their shift summary). */
export function SellerBadge() {
  const t = useT();
  const signedIn = useStaff((s) => s.view?.signedIn ?? null);
  const ended = useStaff((s) => s.endedShift);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== SWITCH_KEY || !useStaff.getState().view?.asksWho) return;
      e.preventDefault();
      useStaff.getState().setSwitching(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      {signedIn && (
        <span className="seller" role="status">
          <strong className="seller-name">{t('staff.who.selling', { name: signedIn.name })}</strong>
          <button type="button" className="nav-btn seller-btn" aria-keyshortcuts={SWITCH_KEY} onClick={() => useStaff.getState().setSwitching(true)}>{t('staff.who.switch')}</button>
          <button type="button" className="nav-btn seller-btn" onClick={() => void useStaff.getState().signOut('end_of_shift')}>{t('staff.who.endShift')}</button>
        </span>
      )}
      {/* Signed out for the day: their X report (main still gives it to them until the next sign-in), printable; out of the top bar, whose colours are not the dialog's. */}
      {ended && createPortal(<ShiftDialog ended onClose={() => useStaff.getState().closeEndedShift()} />, document.body)}
    </>
  );
}
