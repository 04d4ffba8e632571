import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { Availability, BackOfficeAction } from '../../../shared/domain/access.js';
import { say, type Words } from '../../../shared/i18n/translate.js';
import { useAccess } from '../hooks/useAccess.js';
import { useT, type Translate } from '../i18n/useT.js';
import { canIn } from '../logic/access-notes.js';
import { SectionHead } from './SectionHead.js';

/** A refusal carries its sentence already in the screen language (see logic/access-notes.ts). */
type Refusal = Extract<Availability, { ok: false }> | { ok: false; reason: string };

/** The reason in the screen language; a caller still passing the English sentence is shown as given. */
const reasonText = (t: Translate, reason: string | Words): string => (typeof reason === 'string' ? reason : say(t, reason));

/** Why something is not offered, said before anyone tries it. reason: already worded, or words to say. */
export function UnavailableNote({ id, reason, what }: { id?: string; reason: string | Words; what?: string }) {
  const t = useT();
  return (
    <p id={id} className="unavailable-note" role="note">
      <strong>{what ? t('unavailable.what', { what }) : t('unavailable.plain')}</strong> {reasonText(t, reason)}
    </p>
  );
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { can: Availability | Refusal; noteId?: string };

/**
 * A button the bank would refuse stays visible but inert, named as unavailable,
 * pointing at the note that says why (aria-disabled keeps it focusable so the reason can be read).
 */
export function GatedButton({ can, noteId, onClick, className = '', children, ...rest }: Props) {
  if (can.ok) return <button type="button" className={className} onClick={onClick} {...rest}>{children}</button>;
  return (
    <button type="button" {...rest} className={`${className} is-unavailable`} aria-disabled="true" title={can.reason}
      aria-describedby={[rest['aria-describedby'], noteId].filter(Boolean).join(' ') || undefined}
      onClick={(e) => e.preventDefault()}>
      {children}
    </button>
  );
}

/**
 * A whole back-office section the bank sign-in may not see: its title and the
 * reason instead of a list that would only fail. Otherwise the section itself.
 */
export function SectionIfAllowed({ action, headingId, title, children }: { action: BackOfficeAction; headingId: string; title: string; children: ReactNode }) {
  const t = useT();
  const access = useAccess();
  const can = access && canIn(t, action, access);
  if (!can || can.ok) return <>{children}</>;
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <SectionHead id={headingId} title={title} />
      <UnavailableNote what={title} reason={can.reason} />
    </section>
  );
}
