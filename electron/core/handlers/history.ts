/** The manager's history of past days, the accountant's CSV and closing the day. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import { toReportRow } from '../../../shared/domain/day-report.js';
import { toCsv } from '../../history/csv-export.js';
import { DayClosingRefused } from '../../history/day-service.js';
import { readHistory } from '../../history/journal-history.js';
import type { CoreContext } from '../context.js';
import { CoreError } from '../errors.js';

type HistoryMethods = 'journalHistory' | 'exportJournalCsv' | 'closeDay' | 'correctDay';

/** A refusal the manager can act on: the message says what to settle first. */
async function refusalInWords<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof DayClosingRefused) throw new CoreError('conflict', e.message);
    throw e;
  }
}

export function historyHandlers(ctx: CoreContext): Pick<Handlers, HistoryMethods> {
  const { days } = ctx;
  return {
    journalHistory: (q) => days.history(q),
    async exportJournalCsv({ from, to }) {
      const h = await readHistory(days.journalDir, { from, to });
      const suffix = from === to ? from : `${from}_${to}`;
      return { fileName: `counterpay-${ctx.environment}-${suffix}.csv`, csv: toCsv(h.attempts.map(toReportRow)), rows: h.attempts.length, damaged: h.damaged.length };
    },
    closeDay: ({ day, closedBy }) => refusalInWords(async () => {
      await days.closeDay(day, closedBy);
      return days.history({ from: day, to: day });
    }),
    correctDay: ({ day, by, note }) => refusalInWords(async () => {
      await days.correctDay(day, by, note);
      return days.history({ from: day, to: day });
    }),
  };
}
