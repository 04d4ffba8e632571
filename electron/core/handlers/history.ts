/** The manager's history of past days (this register's, or in store mode the whole store's), the accountant's files and closing the day. */
import { managerBy } from '../who.js';
import type { Handlers } from '../../../shared/ipc/contract.js';
import { hostname } from 'node:os';
import { renderExport } from '../../history/export-formats.js';
import type { KnownTerminal } from '../../history/export-table.js';
import { DayClosingRefused, NoStoreConfigured } from '../../history/day-service.js';
import { PeriodClosingRefused, PeriodClosings } from '../../history/period-closings.js';
import { StoreProblem } from '../../store/store-problem.js';
import type { CoreContext } from '../context.js';
import { dayRefusal } from '../day-refusal.js';
import { CoreError } from '../errors.js';
import { currentAppState } from './app-state.js';
import { shiftToRead } from '../shift-access.js';
import { localDay } from '../../payments/journal-files.js';

type HistoryMethods = 'journalHistory' | 'exportJournal' | 'closeDay' | 'correctDay' | 'listClosings' | 'closePeriod' | 'acknowledgeChainBreak' | 'shiftReport';

/**
 * A refusal the manager can act on: the message says what to settle first; a store that cannot
 * be read says so (the screen then offers this register's own journal, which is always there).
 */
async function refusalInWords<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof DayClosingRefused) throw new CoreError('conflict', e.message, undefined, dayRefusal(e));
    if (e instanceof PeriodClosingRefused) throw new CoreError('conflict', e.message, undefined, { reason: `closing.${e.why}`, params: { open: e.open.join(', ') } });
    if (e instanceof NoStoreConfigured) throw new CoreError('not_found', e.message, undefined, { reason: 'history.no_store' });
    if (e instanceof StoreProblem) {
      throw new CoreError('bank_unavailable', `store problem ${e.code}`, undefined, { reason: 'history.store_unavailable', params: { problem: e.code }, detail: e.detail });
    }
    throw e;
  }
}

/** knownTerminals: the terminals as the register knows them now (serial when the bank listed them, the shop's names). */
export function historyHandlers(ctx: CoreContext, knownTerminals: () => Promise<ReadonlyMap<string, KnownTerminal>> = async () => new Map()): Pick<Handlers, HistoryMethods> {
  const { days } = ctx;
  const periods = new PeriodClosings(days);
  return {
    journalHistory: (q) => refusalInWords(() => days.history(q)),
    // The counter's "my shift" and the back office's per person: this register's own journal.
    // Absent a person, the one signed in at the counter (else the day's latest cashier); a cashier reads their own only.
    shiftReport: async (asked) => {
      const { who } = ctx;
      const asker = { manager: who.manager(), signedIn: who.signedIn(), leaving: who.leaving(), asksWho: who.asksWho() };
      const read = shiftToRead(asker, asked, localDay(ctx.clock.now()));
      const report = await days.shift(read.day, read.person);
      // Only a manager chooses among the day's people.
      return asker.manager || !(asker.signedIn ?? asker.leaving) ? report : { ...report, people: report.people.filter((p) => p.key === report.who.key) };
    },
    // The same rows the screen counts, registers by name (a register working alone by its own name, else the computer's), the whole store's when asked.
    exportJournal: ({ from, to, scope, format = 'csv', language = 'en' }) => refusalInWords(async () => {
      if (scope !== 'store') await days.checkChain({ from, to });
      const view = await days.history({ from, to, ...(scope ? { scope } : {}) });
      const own = ctx.settings.get();
      const registerNames = new Map([[own.registerId, own.registerName ?? hostname()], ...Object.entries(view.registerNames)]);
      const file = await renderExport(format, view.rows, language, {
        registerNames, terminals: await knownTerminals(), zoneOf: (id) => view.registerZones[id], refunds: view.refunds,
      });
      // A range whose journal was changed outside Counterpay says so where every copy of the file keeps it: its name.
      const suffix = `${scope === 'store' ? 'store-' : ''}${from === to ? from : `${from}_${to}`}${view.chainBroken.length ? '-journal-changed' : ''}`;
      const common = { fileName: `counterpay-${ctx.environment}-${suffix}.${file.extension}`, mime: file.mime, rows: view.rows.length, damaged: view.damaged.length };
      return typeof file.content === 'string'
        ? { ...common, content: file.content, encoding: 'utf8' as const }
        : { ...common, content: Buffer.from(file.content).toString('base64'), encoding: 'base64' as const };
    }),
    closeDay: ({ day, closedBy }) => refusalInWords(async () => {
      await days.closeDay(day, managerBy(ctx.who, closedBy, 'closedBy'));
      return days.history({ from: day, to: day });
    }),
    correctDay: ({ day, by, note }) => refusalInWords(async () => {
      await days.correctDay(day, managerBy(ctx.who, by, 'by'), note);
      return days.history({ from: day, to: day });
    }),
    listClosings: () => periods.view(),
    closePeriod: ({ kind, period, closedBy }) => refusalInWords(async () => {
      await periods.close(kind, period, managerBy(ctx.who, closedBy, 'closedBy'));
      return periods.view();
    }),
    // Journaled under the manager's name; the notice leaves every window.
    acknowledgeChainBreak: async ({ seq, by }) => {
      const done = await ctx.chain.acknowledge(seq, managerBy(ctx.who, by, 'by'), (kind, body, name) => ctx.engine.appendRecord(kind, body, name));
      if (!done) throw new CoreError('not_found', 'this journal notice was already acknowledged');
      const state = currentAppState(ctx);
      ctx.events.emit('appStateChanged', state);
      return state;
    },
  };
}
