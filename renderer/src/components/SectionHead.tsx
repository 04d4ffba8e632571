import type { ReactNode } from 'react';
import { useT } from '../i18n/useT.js';

/** The title row of a back-office section; its id labels the section for screen readers. */
export function SectionHead({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="bo-head">
      <h2 id={id}>{title}</h2>
      {children}
    </div>
  );
}

/** Re-reads a section from the bank (lists are not pushed by the main process). */
export function RefreshButton({ onClick, label }: { onClick: () => void; label?: string }) {
  const t = useT();
  return (
    <button type="button" className="btn btn-secondary btn-small" onClick={onClick}>
      {label ?? t('common.refresh')}
    </button>
  );
}
