/**
 * The manager's journal archive and the register's signing key, as they cross IPC: archiving a
 * month or a year for the accountant or auditor (the app signs the whole file with the register's
 * key), seeing which key signs, and changing it. The shape is checked here; the journal, the key
 * and the files are the main process's.
 */
import * as v from 'valibot';
import { issuesOf, oneOf, request, text } from './schema-kit.js';
import { personName } from './requests.js';

export const ARCHIVE_PERIODS = ['month', 'year'] as const;
export type ArchivePeriod = (typeof ARCHIVE_PERIODS)[number];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

/** A month as YYYY-MM or a year as YYYY, whichever `period` says. */
export const archiveRequest = v.pipe(
  request({ period: oneOf('period', ARCHIVE_PERIODS), value: text('value', 7, { min: 4 }), by: personName('by') }),
  issuesOf((o: { period: ArchivePeriod; value: string; by: string }) => ((o.period === 'month' ? MONTH : YEAR).test(o.value)
    ? [] : [{ pointer: '/value', code: 'invalid', detail: 'value must be a month written YYYY-MM, or a year written YYYY, as period says' }])),
);

export const keyChangeRequest = request({ by: personName('by') });

/**
 * The archive as written by the main process to the file the manager chose: a busy year is
 * hundreds of megabytes, which never cross IPC or sit in the renderer. `saved: false`: the
 * manager cancelled the choice of file, and nothing was signed or written.
 */
export type JournalArchive =
  | { saved: true; fileName: string; records: number; signatures: number; keyId: string }
  | { saved: false };

/**
 * The key that signs this register's journal: its id (as verify and public-keys.pem name it), its
 * whole SHA-256 fingerprint (which an auditor compares with what verify prints) and where it is kept.
 */
export interface SigningKeyView { keyId: string; fingerprint: string; storage: 'keychain' | 'owner-only-file'; previousKeyId: string | null }

/** A calendar month or year as the first and last day. */
export function archiveRange(period: ArchivePeriod, value: string): { from: string; to: string } {
  if (period === 'year') return { from: `${value}-01-01`, to: `${value}-12-31` };
  const [y, m] = value.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${value}-01`, to: `${value}-${String(last).padStart(2, '0')}` };
}
