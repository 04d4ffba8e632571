/**
 * One key reaches the terminal choice from anywhere on the sale form (F4: the key a
 * select opens with on Windows; no text field or the keypad uses it). The key is
 * shown beside the picker's label.
 */
import { useEffect } from 'react';

export const TERMINAL_KEY = 'F4';

export function useTerminalKey(selectId: string): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== TERMINAL_KEY || e.repeat || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target instanceof HTMLElement && e.target.closest('[role="dialog"]')) return;
      const select = document.getElementById(selectId);
      if (!(select instanceof HTMLSelectElement) || select.disabled) return;
      e.preventDefault();
      select.focus();
      try {
        // Opens the list where the browser allows it; focus alone already lets the arrows choose.
        select.showPicker();
      } catch { /* not allowed here: the focused select is enough */ }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [selectId]);
}
