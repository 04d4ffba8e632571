import type { ReactNode } from 'react';

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
export function RefreshButton({ onClick, label = 'Refresh' }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" className="btn btn-secondary btn-small" onClick={onClick}>
      {label}
    </button>
  );
}
