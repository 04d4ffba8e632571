/**
 * A modal dialog that works without a mouse: focus moves in on open, Tab stays
 * inside, Escape cancels, and focus returns where it was on close.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  tone?: 'default' | 'danger';
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ title, onClose, children, tone = 'default' }: Props) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    // Keys typed in a dialog never reach the counter's keypad shortcuts.
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      closeRef.current();
    } else if (e.key === 'Tab') trapTab(e, ref.current);
  };

  return (
    <div className="dialog-backdrop">
      <div ref={ref} className={`dialog dialog-${tone}`} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h2 id={titleId} className="dialog-title">{title}</h2>
        {children}
      </div>
    </div>
  );
}

function trapTab(e: KeyboardEvent, root: HTMLElement | null): void {
  const items = root ? Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
