/**
 * One key locks and unlocks the manager view from anywhere (F2: no text
 * field, the keypad or the browser uses it). While a dialog is open (the PIN
 * prompt itself), the key does nothing.
 */
import { useEffect, useRef } from 'react';

export const MANAGER_KEY = 'F2';

export function useManagerKey(onPress: () => void): void {
  const handler = useRef(onPress);
  useEffect(() => {
    handler.current = onPress;
  });
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== MANAGER_KEY || e.repeat || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target instanceof HTMLElement && e.target.closest('[role="dialog"]')) return;
      e.preventDefault();
      handler.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
