/**
 * What the picker says about each terminal before Charge: waiting for a payment from this
 * register, busy at another register (store mode, from the store's leases), did not answer
 * the last time, or ready. A cashier should never learn it from a refusal or a countdown.
 */
import type { Attempt } from '../../../shared/domain/attempt.js';
import type { TerminalHeldElsewhere } from '../../../shared/ipc/terminal-leases.js';
import type { Words } from '../../../shared/i18n/translate.js';
import { lastUsedWords } from './last-used.js';

export type TerminalState =
  | { kind: 'waitingHere' }
  | { kind: 'busyElsewhere'; registerName: string; heldForMs: number }
  | { kind: 'noAnswer'; at: number }
  | { kind: 'ready' };

const STILL_SENDING: readonly Attempt['state'][] = ['sending', 'send_failed', 'accepted'];

/** This register's own attempts come first: they are certain; the store's view is a few seconds old. */
export function terminalState(terminalId: string, attempts: readonly Attempt[], heldElsewhere: readonly TerminalHeldElsewhere[] | null): TerminalState {
  const mine = attempts.filter((a) => a.terminalId === terminalId);
  if (mine.some((a) => STILL_SENDING.includes(a.state))) return { kind: 'waitingHere' };
  const held = heldElsewhere?.find((h) => h.terminalId === terminalId);
  if (held) return { kind: 'busyElsewhere', registerName: held.registerName, heldForMs: held.heldForMs };
  const last = mine.reduce<Attempt | null>((newest, a) => (!newest || a.createdAt > newest.createdAt ? a : newest), null);
  if (last?.state === 'timed_out') return { kind: 'noAnswer', at: last.deadlineAt };
  return { kind: 'ready' };
}

/** Short, for the option in the list; now: "14:02" today, "yesterday" the day after. */
export function stateWords(s: TerminalState, now: number): Words {
  switch (s.kind) {
    case 'waitingHere': return { id: 'glance.terminal.waitingHere' };
    case 'busyElsewhere': return { id: 'glance.terminal.busyElsewhere', values: { register: s.registerName, minutes: Math.floor(s.heldForMs / 60_000) } };
    case 'noAnswer': return { id: 'glance.terminal.noAnswer', values: { when: lastUsedWords(new Date(s.at).toISOString(), now) } };
    case 'ready': return { id: 'glance.terminal.ready' };
  }
}

/** Under the chosen terminal: what pressing Charge will do now, or null when it simply charges. */
export function chargeWords(s: TerminalState): Words | null {
  switch (s.kind) {
    case 'waitingHere': return { id: 'glance.terminal.chargeWhileWaiting' };
    case 'busyElsewhere': return { id: 'glance.terminal.chargeWhileBusy', values: { register: s.registerName } };
    case 'noAnswer': return { id: 'glance.terminal.chargeAfterNoAnswer' };
    case 'ready': return null;
  }
}
