/**
 * The physical keyboard drives the keypad while the cashier is not typing in a
 * text field: digits, Backspace, Escape (clear). Enter charges from anywhere on
 * the sale form except where it already means something (a note's new line, a
 * focused button such as "Add field"), so scanning an order reference that ends
 * in Enter, or picking a terminal and pressing Enter, charges as expected.
 */
import { useEffect, useRef } from 'react';
import { keyboardCommand } from '../logic/keypad.js';
import { useCounter } from '../store/counter.js';

/** Elements that own digits and Backspace: typing there must never change the amount. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
  return false;
}

/** Where Enter keeps its own meaning. Keypad keys are excepted so a key just tapped is not pressed again. */
function enterIsTaken(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || target === document.body) return false;
  if (target.closest('[role="dialog"]')) return true;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target.closest('[data-keypad]')) return false;
  return target.matches('button, a, [role="button"], [role="tab"], input[type="checkbox"], input[type="radio"]');
}
export function useCounterKeyboard(enabled: boolean, terminalId: string | null): void {
  const terminalRef = useRef(terminalId);
  useEffect(() => {
    terminalRef.current = terminalId;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      const command = keyboardCommand(e.key);
      if (!command) return;
      if (command.kind === 'charge') {
        if (enterIsTaken(e.target)) return;
        e.preventDefault();
        void useCounter.getState().charge(terminalRef.current);
        return;
      }
      if (isTextEntry(e.target)) return;
      e.preventDefault();
      useCounter.getState().press(command.key);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
