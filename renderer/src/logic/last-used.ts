/**
 * When a terminal was last charged, as a cashier reads it at a glance: "10:42" today,
 * "yesterday", else the date; counted in the register's own days.
 */
import type { Words } from '../../../shared/i18n/translate.js';

const startOfDay = (ms: number): number => {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

export function lastUsedWords(iso: string | null, now: number): Words {
  const at = iso === null ? NaN : Date.parse(iso);
  if (!Number.isFinite(at)) return { id: 'office.terminals.notUsed' };
  const today = startOfDay(now);
  if (at >= today) return { id: 'office.terminal.whenToday', values: { time: new Date(at) } };
  // The day before today, whatever its length (a clock change makes it 23 or 25 hours).
  if (at >= startOfDay(today - 1)) return { id: 'office.terminal.whenYesterday' };
  return { id: 'office.terminal.whenOn', values: { date: new Date(at) } };
}
