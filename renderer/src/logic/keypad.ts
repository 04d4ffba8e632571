/**
 * The amount is typed as cents, like a cash register: 1,3,3,0 → 13.30. The
 * state is the integer of minor units itself, so no string or float ever sits
 * between what the cashier typed and what is sent.
 */
import { MAX_PAYMENT_MINOR } from '../../../shared/validation/terminal-payment.js';

export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '00' | 'Backspace' | 'Clear';

/** The largest amount a terminal accepts; a key that would go past it is ignored, not clamped. */
export const MAX_AMOUNT_MINOR = MAX_PAYMENT_MINOR;

export function pressKey(minor: number, key: KeypadKey): number {
  switch (key) {
    case 'Clear':
      return 0;
    case 'Backspace':
      return Math.floor(minor / 10);
    case '00':
      return withinMax(minor * 100, minor);
    default:
      return withinMax(minor * 10 + Number(key), minor);
  }
}

function withinMax(next: number, previous: number): number {
  return next <= MAX_AMOUNT_MINOR ? next : previous;
}

export type KeyboardCommand = { kind: 'key'; key: KeypadKey } | { kind: 'charge' };

/** Maps KeyboardEvent.key (main row and numpad give the same values) to a keypad command. */
export function keyboardCommand(eventKey: string): KeyboardCommand | null {
  if (/^[0-9]$/.test(eventKey)) return { kind: 'key', key: eventKey as KeypadKey };
  if (eventKey === 'Backspace') return { kind: 'key', key: 'Backspace' };
  if (eventKey === 'Escape' || eventKey === 'Delete') return { kind: 'key', key: 'Clear' };
  if (eventKey === 'Enter') return { kind: 'charge' };
  return null;
}
