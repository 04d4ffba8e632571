/** The manager's history of past days (this register's, or in store mode the whole store's), the accountant's CSV and closing the day. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import { toCsv } from '../../history/csv-export.js';
import { DayClosingRefused, NoStoreConfigured } from '../../history/day-service.js';
import { StoreProblem } from '../../store/store-problem.js';
import type { CoreContext } from '../context.js';
import { dayRefusal } from '../day-refusal.js';
import { CoreError } from '../errors.js';
import { currentAppState } from './app-state.js';

type HistoryMethods = 'journalHistory' | 'exportJournalCsv' | 'closeDay' | 'correctDay' | 'acknowledgeChainBreak';

/**
 * A refusal the manager can act on: the message says what to settle first; a store that cannot
 * be read says so (the screen then offers this register's own journal, which is always there).
 */
async function refusalInWords<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof DayClosingRefused) throw new CoreError('conflict', e.message, undefined, dayRefusal(e));
    if (e instanceof NoStoreConfigured) throw new CoreError('not_found', e.message, undefined, { reason: 'history.no_store' });
    if (e instanceof StoreProblem) {
      throw new CoreError('bank_unavailable', e.words, undefined, { reason: 'history.store_unavailable', params: { problem: e.code }, detail: e.detail });
    }
    throw e;
  }
}

export function historyHandlers(ctx: CoreContext): Pick<Handlers, HistoryMethods> {
  const { days } = ctx;
  return {
    journalHistory: (q) => refusalInWords(() => days.history(q)),
    // The same rows the screen counts, registers by name (store mode), the whole store's when asked.
    exportJournalCsv: ({ from, to, scope }) => refusalInWords(async () => {
      if (scope !== 'store') await days.checkChain({ from, to });
      const view = await days.history({ from, to, ...(scope ? { scope } : {}) });
      // A range whose journal was changed outside Counterpay says so where every copy of the file keeps it: its name.
      const suffix = `${scope === 'store' ? 'store-' : ''}${from === to ? from : `${from}_${to}`}${view.chainBroken.length ? '-journal-changed' : ''}`;
      const csv = toCsv(view.rows, { registerNames: new Map(Object.entries(view.registerNames)) });
      return { fileName: `counterpay-${ctx.environment}-${suffix}.csv`, csv, rows: view.rows.length, damaged: view.damaged.length };
    }),
    closeDay: ({ day, closedBy }) => refusalInWords(async () => {
      await days.closeDay(day, closedBy);
      return days.history({ from: day, to: day });
    }),
    correctDay: ({ day, by, note }) => refusalInWords(async () => {
      await days.correctDay(day, by, note);
      return days.history({ from: day, to: day });
    }),
    // Journaled under the manager's name; the notice leaves every window.
    acknowledgeChainBreak: async ({ seq, by }) => {
      const done = await ctx.chain.acknowledge(seq, by, (kind, body, name) => ctx.engine.appendRecord(kind, body, name));
      if (!done) throw new CoreError('not_found', 'this journal notice was already acknowledged');
      const state = currentAppState(ctx);
      ctx.events.emit('appStateChanged', state);
      return state;
    },
  };
}
