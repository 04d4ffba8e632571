/**
 * The journal archive's layout, in one place for the writer (archive-write.ts) and for verify
 * (archive-verify.ts): what an accountant or auditor receives for a month or a year and checks on
 * their own machine with no secret. One UTF-8 file of sections, each a JSON line, and the day
 * files' bytes exactly as the register wrote them (docs/archives.md describes it for readers
 * outside this code):
 *
 *   {"counterpay":"journal archive","version":1,"manifest":{…}}
 *   {"publicKeys":"-----BEGIN PUBLIC KEY-----…"}
 *   {"file":"2026-04-01.jsonl","bytes":N,"sha256":"…"}   then N bytes, then a newline
 *   …one per day file of the period…
 *   {"laterClosing":"2026-05-01.jsonl","line":L,"bytes":N,"sha256":"…"}   then N bytes, then a newline
 *   …one per closing (day, month or year) of the period written after it, with its signature…
 *   {"archiveEnd":{"sha256":"…","archiveSignature":null|{…}}}
 *
 * The end line holds the SHA-256 of every byte before it, so any byte changed or cut off is
 * seen; the app also signs that hash with the register's key (the command line has no key).
 */
import type { SignatureBody } from '../signing/signed-text.js';

export const ARCHIVE_TITLE = 'journal archive';
export const ARCHIVE_VERSION = 1;

/** Record kinds that close a period: a day (`close`, body.day), a month (`close_month`) or a year (`close_year`, body.period). */
export const CLOSING_KINDS: ReadonlySet<string> = new Set(['close', 'close_month', 'close_year']);

/** The last day of a month "YYYY-MM" (the 28th–31st), by the calendar rather than a table. */
const lastDayOf = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * The days a closing record closes, first and last, from its kind and body; null when the body
 * does not name them. A closing written after the archive's period travels with the archive when
 * every day it closes lies inside the period: April's month closing written on May 1 goes with
 * April's archive; the year's closing goes with the year's archive, not with one month's.
 */
export function closedSpan(kind: string, body: unknown): { first: string; last: string } | null {
  const o = body !== null && typeof body === 'object' ? (body as { day?: unknown; period?: unknown }) : {};
  if (kind === 'close' && typeof o.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(o.day)) return { first: o.day, last: o.day };
  if (kind === 'close_month' && typeof o.period === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(o.period)) return { first: `${o.period}-01`, last: lastDayOf(o.period) };
  if (kind === 'close_year' && typeof o.period === 'string' && /^\d{4}$/.test(o.period)) return { first: `${o.period}-01-01`, last: `${o.period}-12-31` };
  return null;
}

/** Whether a closing record closes only days of the period from–to (both "YYYY-MM-DD"). */
export const closesWithin = (kind: string, body: unknown, from: string, to: string): boolean => {
  const span = closedSpan(kind, body);
  return span !== null && span.first >= from && span.last <= to;
};

/** One day file, whole, as the register wrote it. */
export interface ArchivedFile { name: string; bytes: number; sha256: string; lines: number }

/** A closing of the period written after it (a day closed the next morning, the month closed on the 1st), with the signature that follows it. */
export interface LaterClosing { file: string; line: number; bytes: number; sha256: string }

/** A point of the chain: a record's number and the SHA-256 of its bytes. */
export interface ArchivePoint { seq: number; hash: string }

export interface ArchiveManifest {
  environment: string;
  from: string;
  to: string;
  /** When the archive was written (ms since 1970), by the clock of whoever wrote it. */
  writtenAt: number;
  /** Who wrote it: 'command line' or the manager's name in the back office. */
  writtenBy: string;
  files: ArchivedFile[];
  laterClosings: LaterClosing[];
  /** The record before the first archived one (null: the archive starts at the journal's first record). */
  startsAfter: ArchivePoint | null;
  /** The last archived record: an anchor for the journal it came from (`verify --data-dir DIR --archive FILE`). */
  last: ArchivePoint | null;
  records: number;
  /** Signature records inside the archived files, and the last of them: the head the register itself signed. */
  signatures: number;
  lastSignedHead: SignatureBody | null;
  /** Records after the last signature: vouched for by the chain (and the archive signature, if any), not by a signed head. */
  unsignedTail: number;
  /** The ids of the keys in the publicKeys section, oldest first. */
  keyIds: string[];
}

/** A fresh signature by the register's key over every byte of the archive before the end line. */
export interface ArchiveSignature { keyId: string; signedAt: number; signature: string }

/** The archive's last line. */
export interface ArchiveEnd { sha256: string; archiveSignature: ArchiveSignature | null }

/** The exact text the register's key signs for an archive; its first line keeps it from passing for a head or a key change. */
export const archiveText = (sha256: string, signedAt: number): string => `counterpay journal archive\n${sha256}\n${signedAt}\n`;

/** The end line exactly as written: verify compares the line with it, so no byte of it can change unseen. */
export const endLine = (end: ArchiveEnd): string => `${JSON.stringify({ archiveEnd: { sha256: end.sha256, archiveSignature: end.archiveSignature && { keyId: end.archiveSignature.keyId, signedAt: end.archiveSignature.signedAt, signature: end.archiveSignature.signature } } })}\n`;

/** The file name the back office offers and the docs suggest. */
export const archiveFileName = (environment: string, from: string, to: string): string => `counterpay-${environment}-archive-${from === to ? from : `${from}_${to}`}.cparchive`;
