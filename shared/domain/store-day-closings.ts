/**
 * The whole store's day, register by register: who closed it and when, or what still keeps it
 * open. Pure, so the journal screen and the printed store report say the same thing.
 *
 * "Every register of the day" means every register that took a payment that day or closed it:
 * a register the store knows but that sold nothing (a spare, one retired long ago) is listed,
 * and never keeps the shop's day from being complete.
 */
import type { DayClosing, HistoryView } from './day-report.js';

export type RegisterDay =
  | { registerId: string; state: 'closed'; closing: DayClosing }
  | { registerId: string; state: 'open'; toSettle: number }
  | { registerId: string; state: 'idle' };

export interface StoreDayClosings {
  registers: RegisterDay[];
  /** Registers of the day (took a payment or closed it) that have not closed it. */
  notClosed: number;
}

/** For a single day of the store's view; `view.registers` sets the order. */
export function storeDayClosings(view: Pick<HistoryView, 'from' | 'registers' | 'registersWithPayments' | 'closings' | 'closeBlockers'>): StoreDayClosings {
  const toSettle = new Map<string, number>();
  for (const r of view.closeBlockers) toSettle.set(r.registerId, (toSettle.get(r.registerId) ?? 0) + 1);
  const sold = new Set(view.registersWithPayments);
  const registers = view.registers.map((registerId): RegisterDay => {
    const closing = view.closings.find((c) => c.registerId === registerId && c.day === view.from);
    if (closing) return { registerId, state: 'closed', closing };
    if (!sold.has(registerId)) return { registerId, state: 'idle' };
    return { registerId, state: 'open', toSettle: toSettle.get(registerId) ?? 0 };
  });
  return { registers, notClosed: registers.filter((r) => r.state === 'open').length };
}
