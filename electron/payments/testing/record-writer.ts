/** Tests of the day service without a payment engine write their closings straight into a journal they opened. */
import type { RecordWriter } from '../../history/day-service.js';
import type { Journal } from '../journal.js';

export const journalWriter = (journal: Journal, now: () => number): RecordWriter => ({
  appendRecord: async (kind, body, by) => (await journal.appendRecord(kind, body, by, now(), () => [])).entry,
});
