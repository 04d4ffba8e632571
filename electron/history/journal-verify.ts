/**
 * Checks an environment's journal folder against its chain, read-only (it may run beside the
 * till): every day file in order through ChainChecker, the files a takeover vouched for against
 * their recorded hashes, and the end of the journal against the last verified point the app
 * keeps (verified-point.ts), which is the one thing beside the files that can show records cut
 * off the end. From a verified point it reads only what was written since.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { daysNewestFirst } from '../payments/journal-files.js';
import { LEGACY_CLOSINGS_FILE, takenFileIssue } from '../payments/journal-takeover.js';
import { KIND_READERS, type ChainBreak, type TakenFile } from '../payments/record-bodies.js';
import { ChainChecker, type ChainPoint } from './chain-check.js';
import { linkOf, unseal } from '../payments/journal-envelope.js';
import type { DayRange } from '../../shared/domain/day-report.js';
import { SIGNED_KINDS, SignatureCheck } from '../signing/signature-check.js';
import type { GivenKeys } from '../signing/trusted-keys.js';
import { ReceiptNumbers } from './receipt-numbers.js';
import type { KeyObject } from 'node:crypto';

/** A record the chain was checked up to: where a later check resumes (line and byte offset just after it). */
export interface VerifiedPoint extends ChainPoint {
  file: string;
  line: number;
  offset: number;
}

export interface JournalCheck {
  breaks: ChainBreak[];
  /** Not breaks: records cut short by a crash, a journal not yet chained. */
  notes: string[];
  records: number;
  /** Signature records checked against the public keys beside the journal. */
  signatures: number;
  files: number;
  /** The last record checked, to resume from; null when there is none. */
  tip: VerifiedPoint | null;
  /** Day files a break was found in: their reports and exports say so. */
  days: string[];
  /** The keys whose signatures verified, by id, and the keys known: verify prints their fingerprints. */
  used?: string[];
  known?: ReadonlyMap<string, KeyObject>;
}

interface Takeover { files: TakenFile[]; file: string; line: number }

/**
 * A record known from outside the register (a printed closing, an archive, the store): the
 * journal must still hold it, with these bytes. `hash` may be the first 16 or more hex digits.
 */
export interface Anchor extends ChainPoint { source: string }

export async function checkJournal(
  journalDir: string, from: VerifiedPoint | null = null, expectAtLeast: ChainPoint | null = null, until: string | null = null, anchors: readonly Anchor[] = [],
  given: GivenKeys | null = null,
): Promise<JournalCheck> {
  const days = (await daysNewestFirst(journalDir).catch(() => [] as string[])).reverse();
  const takeovers: Takeover[] = [];
  const checker = new ChainChecker(from, (raw, at) => {
    const body = (JSON.parse(raw) as { body: Record<string, unknown> }).body;
    const read = KIND_READERS.takeover(body);
    if (read.ok) takeovers.push({ files: read.value.files, ...at });
    else checker.breaks.push({ ...at, what: 'edited record: the takeover record does not read' });
  });
  const signed = await SignatureCheck.open(journalDir, given);
  // Receipt numbers are checked over the whole journal only: a part of it cannot tell a gap from an earlier day.
  const numbers = from === null && until === null ? new ReceiptNumbers() : null;
  let tip: VerifiedPoint | null = null;
  let previous: string | null = null;
  let files = 0;
  let endsWithNewline = true;
  const met = new Map<Anchor, ChainPoint & { file: string; line: number }>();
  for (const day of days) {
    if (until !== null && day > until) break;
    const file = `${day}.jsonl`;
    if (from && file < from.file) {
      previous = day;
      continue;
    }
    const start = from && file === from.file ? from : null;
    const bytes = await fs.readFile(join(journalDir, file));
    const text = bytes.subarray(start?.offset ?? 0).toString('utf8');
    endsWithNewline = text.length === 0 || text.endsWith('\n');
    checker.startFile(day, start ? null : previous);
    files++;
    let offset = start?.offset ?? 0;
    let lineNo = start?.line ?? 0;
    for (let cursor = 0; cursor < text.length;) {
      const nl = text.indexOf('\n', cursor);
      const end = nl < 0 ? text.length : nl;
      const line = text.slice(cursor, end);
      lineNo++;
      offset += Buffer.byteLength(line, 'utf8') + (nl < 0 ? 0 : 1);
      const before = checker.tip()?.seq;
      checker.line(file, lineNo, line);
      if (line.includes('"kind":"signature"') || line.includes('"kind":"key_changed"')) signedLine(signed, checker, { file, line: lineNo }, line);
      if (numbers && line.includes('"kind":"receipt')) numbers.line(line, { file, line: lineNo });
      const after = checker.tip();
      if (after && after.seq !== before && nl >= 0) tip = { ...after, offset };
      if (after && after.seq !== before) for (const a of anchors) if (a.seq === after.seq) met.set(a, after);
      cursor = end + 1;
    }
    previous = day;
  }
  const breaks = checker.end(endsWithNewline);
  breaks.push(...signed.breaks, ...(numbers?.end() ?? []));
  for (const t of takeovers) breaks.push(...(await takeoverIssues(journalDir, t, days)));
  // Born chained, a journal never has the old closings file: one appearing would add closings outside the chain.
  if (!from && takeovers.length === 0 && checker.firstSeq !== null && (await exists(join(journalDir, LEGACY_CLOSINGS_FILE)))) {
    breaks.push({ file: LEGACY_CLOSINGS_FILE, line: 0, what: `edited record: ${LEGACY_CLOSINGS_FILE} appeared beside a journal that never had one` });
  }
  const last = checker.tip();
  if (expectAtLeast && (!last || last.seq < expectAtLeast.seq)) {
    breaks.push({ file: last?.file ?? '(journal)', line: last?.line ?? 0, what: `missing record(s): the journal ends at record ${last?.seq ?? 0}, but record ${expectAtLeast.seq} was verified before: records were cut off the end or the newest day file is gone` });
  }
  breaks.push(...anchorBreaks(anchors, met, last));
  const notes = [...checker.notes, ...signed.notes];
  if (checker.firstSeq === null && checker.records === 0 && days.length > 0 && !from) notes.push('the journal holds no chained record yet: Counterpay takes it over at its next start');
  return { breaks, notes, records: checker.records, signatures: signed.signatures, files, tip, days: brokenDays(breaks), used: [...signed.used], known: signed.known };
}

/**
 * The day files of a range only (a day being closed, a range exported): the chain is taken up at
 * the range's first chained record as that record says it stands; a range of days from before the
 * chain is left to the full check, which vouches for them through the takeover.
 */
export async function checkDays(journalDir: string, range: DayRange): Promise<JournalCheck> {
  const days = (await daysNewestFirst(journalDir).catch(() => [] as string[])).filter((d) => d >= range.from && d <= range.to).sort();
  const first = days[0];
  const none: JournalCheck = { breaks: [], notes: [], records: 0, signatures: 0, files: 0, tip: null, days: [] };
  if (first === undefined) return none;
  const text = await fs.readFile(join(journalDir, `${first}.jsonl`), 'utf8');
  for (const line of text.split('\n')) {
    const sealed = unseal(line);
    const link = sealed.ok ? linkOf(sealed.raw) : null;
    if (link) return checkJournal(journalDir, { seq: link.seq - 1, hash: link.prev, file: `${first}.jsonl`, line: 0, offset: 0 }, null, range.to);
  }
  return none;
}

/** Each anchor's record must be there, with the bytes the anchor holds: records cut off the end show here. */
function anchorBreaks(anchors: readonly Anchor[], met: Map<Anchor, ChainPoint & { file: string; line: number }>, last: (ChainPoint & { file: string; line: number }) | null): ChainBreak[] {
  return anchors.flatMap((a): ChainBreak[] => {
    const found = met.get(a);
    if (found) return found.hash.startsWith(a.hash) ? [] : [{ file: found.file, line: found.line, what: `edited record: record ${a.seq} is not the record ${a.source} holds` }];
    return [{ file: last?.file ?? '(journal)', line: last?.line ?? 0, what: `missing record(s): the journal ends at record ${last?.seq ?? 0}, but ${a.source} holds record ${a.seq}: records were cut off the end` }];
  });
}

function signedLine(signed: SignatureCheck, checker: ChainChecker, at: { file: string; line: number }, line: string): void {
  const sealed = unseal(line);
  const link = sealed.ok ? linkOf(sealed.raw) : null;
  if (sealed.ok && link && SIGNED_KINDS.has(link.kind)) signed.record(sealed.raw, link, at, (seq) => checker.hashOf(seq));
}

/** Each file the takeover vouched for must hold the same bytes; only the file the takeover is in has grown since. */
async function takeoverIssues(journalDir: string, t: Takeover, days: string[]): Promise<ChainBreak[]> {
  const out: ChainBreak[] = [];
  const listed = new Set(t.files.map((f) => f.name));
  for (const f of t.files) {
    const issue = await takenFileIssue(journalDir, f);
    if (issue) out.push({ file: f.name, line: 0, what: issue });
    else if (f.name !== t.file) {
      const size = (await fs.stat(join(journalDir, f.name))).size;
      if (size > f.bytes) out.push({ file: f.name, line: 0, what: `edited record: ${size - f.bytes} bytes were added to ${f.name} after the chain took it over` });
    }
  }
  for (const day of days) {
    const name = `${day}.jsonl`;
    if (name < t.file && !listed.has(name)) out.push({ file: name, line: 0, what: `edited record: ${name} was not in the journal when the chain took it over` });
  }
  if ((await exists(join(journalDir, LEGACY_CLOSINGS_FILE))) && !listed.has(LEGACY_CLOSINGS_FILE)) out.push({ file: LEGACY_CLOSINGS_FILE, line: 0, what: `edited record: ${LEGACY_CLOSINGS_FILE} was not in the journal when the chain took it over` });
  return out;
}

const exists = (path: string): Promise<boolean> => fs.stat(path).then(() => true, () => false);

/** The day files a break is in, and the days of day files found missing. */
function brokenDays(breaks: readonly ChainBreak[]): string[] {
  const out = new Set<string>();
  for (const b of breaks) {
    for (const m of [/^(\d{4}-\d{2}-\d{2})\.jsonl$/.exec(b.file), /missing day file: (\d{4}-\d{2}-\d{2})\.jsonl/.exec(b.what)]) if (m?.[1]) out.add(m[1]);
  }
  return [...out].sort();
}
