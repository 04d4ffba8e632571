/**
 * Checks a journal archive (archive-format.ts) on any machine, with nothing but the file: every
 * byte against the end line's SHA-256 (and the register's signature over it when the app wrote
 * the archive), each day file against the manifest, the records' chain from the point the
 * manifest says it starts after, every signed head with the public keys the archive carries (or,
 * when the auditor gives keys or fingerprints from outside, with those only: trusted-keys.ts),
 * and each later closing against the signature that follows it. A break names the day file and
 * line inside the archive, or "archive" for the archive itself.
 */
import { sha256Hex, linkOf, unseal } from '../payments/journal-envelope.js';
import type { ChainBreak } from '../payments/record-bodies.js';
import { ChainChecker } from '../history/chain-check.js';
import { readPublicKeys, signatureValid } from '../signing/signed-text.js';
import { bodyOf, SIGNED_KINDS, SignatureCheck } from '../signing/signature-check.js';
import type { GivenKeys } from '../signing/trusted-keys.js';
import type { KeyObject } from 'node:crypto';
import { isDay } from '../../shared/domain/calendar-day.js';
import { ARCHIVE_TITLE, ARCHIVE_VERSION, archiveText, CLOSING_KINDS, closesWithin, endLine, type ArchiveEnd, type ArchiveManifest } from './archive-format.js';
import { isPlainObject } from '../../shared/json.js';

export interface ArchiveCheck {
  breaks: ChainBreak[];
  notes: string[];
  manifest: ArchiveManifest | null;
  records: number;
  signatures: number;
  /** The key that signed the whole archive (the app wrote it), or null. */
  signedBy: string | null;
  /** The keys whose signatures verified, by id, with the keys known: verify prints their fingerprints. */
  used: string[];
  known: ReadonlyMap<string, KeyObject>;
}


const ARCHIVE = 'archive';

/** Reads the archive's sections in order; a section that does not read ends the walk with a break. */
class Sections {
  at = 0;
  /** The last line read, with its newline when it had one. */
  whole = '';
  constructor(readonly bytes: Buffer) {}
  line(): string | null {
    if (this.at >= this.bytes.length) return null;
    const nl = this.bytes.indexOf(0x0a, this.at);
    const end = nl < 0 ? this.bytes.length : nl;
    const text = this.bytes.subarray(this.at, end).toString('utf8');
    this.whole = nl < 0 ? text : `${text}\n`;
    this.at = nl < 0 ? end : end + 1;
    return text;
  }
  take(n: number): Buffer | null {
    if (!Number.isSafeInteger(n) || n < 0 || this.at + n + 1 > this.bytes.length || this.bytes[this.at + n] !== 0x0a) return null;
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n + 1;
    return out;
  }
}

const json = (text: string | null): Record<string, unknown> | null => {
  try {
    const v: unknown = text === null ? null : JSON.parse(text);
    return isPlainObject(v) ? v : null;
  } catch {
    return null;
  }
};

export function checkArchive(bytes: Buffer, given: GivenKeys | null = null): ArchiveCheck {
  const out: ArchiveCheck = { breaks: [], notes: [], manifest: null, records: 0, signatures: 0, signedBy: null, used: [], known: new Map() };
  const fail = (what: string, file = ARCHIVE, line = 0): void => void out.breaks.push({ file, line, what });
  const s = new Sections(bytes);
  const head = json(s.line());
  if (!head || head.counterpay !== ARCHIVE_TITLE || !isPlainObject(head.manifest)) {
    fail('not a Counterpay journal archive (its first line does not read)');
    return out;
  }
  if (head.version !== ARCHIVE_VERSION) {
    fail(`archive version ${JSON.stringify(head.version)}: this Counterpay reads version ${ARCHIVE_VERSION}`);
    return out;
  }
  const m = (out.manifest = head.manifest as unknown as ArchiveManifest);
  const point = (p: unknown): boolean => p === null || (isPlainObject(p) && Number.isSafeInteger(p.seq) && typeof p.hash === 'string' && /^[0-9a-f]{64}$/.test(p.hash));
  const count = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!Array.isArray(m.files) || !Array.isArray(m.laterClosings) || !Array.isArray(m.keyIds) || !point(m.startsAfter) || !point(m.last)
    || !isDay(m.from) || !isDay(m.to) || !count(m.records) || !count(m.signatures) || !count(m.unsignedTail)
    || typeof m.environment !== 'string' || typeof m.writtenBy !== 'string' || !count(m.writtenAt)) {
    fail('the manifest does not read');
    return out;
  }
  const keysLine = json(s.line());
  const keys = typeof keysLine?.publicKeys === 'string' ? readPublicKeys(keysLine.publicKeys) : null;
  if (!keys) fail('the public keys do not read: no signature can be checked');
  else if (JSON.stringify([...keys.keys()]) !== JSON.stringify(m.keyIds)) fail('the public keys are not the ones the manifest lists');
  const signed = SignatureCheck.trusting(keys, given, ARCHIVE);
  const checker = new ChainChecker(m.startsAfter ?? null);
  let fileIndex = 0;
  let laterIndex = 0;
  let previousDay: string | null = null;
  let signedInFiles = 0;
  // What the day files themselves say of their last signed head: the manifest's words are checked against it, never trusted.
  const heads: SignedHeads = { recordsAtLast: 0, last: null };
  let end: { at: number; value: ArchiveEnd; text: string } | null = null;
  for (let start = s.at, text = s.line(); text !== null; start = s.at, text = s.line()) {
    const section = json(text);
    if (end || !section) {
      fail(end ? 'bytes after the archive\'s end line' : `a section at byte ${start} does not read`);
      break;
    }
    if (isPlainObject(section.archiveEnd)) {
      end = { at: start, value: section.archiveEnd as unknown as ArchiveEnd, text: s.whole };
      continue;
    }
    const body = s.take(Number(section.bytes));
    if (body === null || !(typeof section.file === 'string' || typeof section.laterClosing === 'string')) {
      fail(`a section at byte ${start} does not read, or the archive is cut short`);
      break;
    }
    const isDayFile = typeof section.file === 'string';
    const listed: unknown = isDayFile ? m.files[fileIndex++] : m.laterClosings[laterIndex++];
    const name = String(section.file ?? section.laterClosing);
    // The section's own name (and a later closing's line) must be the manifest's too: the manifest is what the auditor reads.
    const same = isPlainObject(listed) && listed[isDayFile ? 'name' : 'file'] === name && (isDayFile || listed.line === section.line);
    if (!same || listed.sha256 !== section.sha256 || listed.bytes !== body.length || sha256Hex(body) !== listed.sha256) {
      fail(`${name} is not the file the manifest lists (its bytes or hash differ)`, name);
    }
    if (isDayFile) {
      if (!(name >= `${m.from}.jsonl` && name <= `${m.to}.jsonl`)) fail(`${name} is outside the archive's period ${m.from}–${m.to}`, name);
      const lines = dayFile(name, body.toString('utf8'), checker, signed, previousDay, heads);
      if (isPlainObject(listed) && listed.lines !== lines) fail(`the manifest says ${name} has ${String(listed.lines)} line(s), it has ${lines}`, name);
      previousDay = name.slice(0, 10);
      signedInFiles = signed.signatures;
    } else {
      laterClosing(name, Number(section.line), body.toString('utf8'), m, signed, out);
    }
  }
  out.breaks.push(...checker.end(true), ...signed.breaks);
  out.notes.push(...checker.notes, ...signed.notes);
  if (fileIndex !== (m.files?.length ?? 0) || laterIndex !== (m.laterClosings?.length ?? 0)) fail('sections the manifest lists are missing: the archive was cut short');
  const tip = checker.tip();
  if ((tip?.seq ?? null) !== (m.last?.seq ?? null) || (tip?.hash ?? null) !== (m.last?.hash ?? null)) {
    fail(`the manifest says the archive ends at record ${m.last?.seq ?? 0}, but its records end at record ${tip?.seq ?? 0}`);
  }
  out.records = checker.records;
  out.signatures = signed.signatures;
  out.known = signed.known;
  if (m.signatures !== signedInFiles) fail(`the manifest counts ${m.signatures} signed head(s) in the day files, they hold ${signedInFiles}`);
  if (m.records !== checker.records) fail(`the manifest counts ${m.records} chained record(s), the day files hold ${checker.records}`);
  const unsignedTail = checker.records - heads.recordsAtLast;
  if (m.unsignedTail !== unsignedTail) fail(`the manifest says ${m.unsignedTail} record(s) come after the last signed head, the day files hold ${unsignedTail}`);
  if (JSON.stringify(m.lastSignedHead) !== JSON.stringify(heads.last)) fail('the manifest\'s last signed head is not the last signature record of the day files');
  if (!end) fail('the archive is cut short: its end line is missing');
  else checkEnd(bytes, end, signed, out, fail, given !== null);
  out.used = [...signed.used, ...(out.signedBy ? [out.signedBy] : [])];
  if (out.breaks.length === 0 && unsignedTail > 0 && out.signedBy === null) {
    out.notes.push(`the last ${unsignedTail} record(s) come after the last signed head: the chain links them, no signature vouches for them`);
  }
  return out;
}

/** Where the day files' last `signature` record stands: the records counted up to it, and its body. */
interface SignedHeads { recordsAtLast: number; last: Record<string, unknown> | null }

/** Checks one day file's lines; returns how many are not empty (the manifest counts them so). */
function dayFile(name: string, text: string, checker: ChainChecker, signed: SignatureCheck, previousDay: string | null, heads: SignedHeads): number {
  checker.startFile(name.slice(0, 10), previousDay);
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let written = 0;
  lines.forEach((l, i) => {
    if (l !== '') written++;
    checker.line(name, i + 1, l);
    // Only a signed kind is unsealed again: every other line was hashed once, by the chain check.
    if (!l.includes('"kind":"signature"') && !l.includes('"kind":"key_changed"')) return;
    const sealed = unseal(l);
    const link = sealed.ok ? linkOf(sealed.raw) : null;
    if (!sealed.ok || !link || !SIGNED_KINDS.has(link.kind)) return;
    signed.record(sealed.raw, link, { file: name, line: i + 1 }, (seq) => checker.hashOf(seq));
    if (link.kind === 'signature') {
      heads.recordsAtLast = checker.records;
      heads.last = bodyOf(sealed.raw);
    }
  });
  return written;
}

/** A closing written after the period: its bytes read, every day it closes (a day, a month, a year) is in the period, and the signature after it signs exactly it. */
function laterClosing(file: string, line: number, text: string, m: ArchiveManifest, signed: SignatureCheck, out: ArchiveCheck): void {
  const [closing = '', signature] = text.split('\n');
  const sealed = unseal(closing);
  const link = sealed.ok ? linkOf(sealed.raw) : null;
  if (!sealed.ok || !link || !CLOSING_KINDS.has(link.kind) || link.seq <= (m.last?.seq ?? 0)) {
    out.breaks.push({ file, line, what: 'edited record: the later closing does not read' });
    return;
  }
  if (!closesWithin(link.kind, bodyOf(sealed.raw), m.from, m.to)) {
    out.breaks.push({ file, line, what: `the later closing of record ${link.seq} closes days outside the archive's period ${m.from}–${m.to}` });
    return;
  }
  if (signature === undefined) {
    out.notes.push(`${file} line ${line}: the closing of record ${link.seq} has no signature after it; nothing in the archive vouches for it`);
    return;
  }
  const next = unseal(signature);
  const nextLink = next.ok ? linkOf(next.raw) : null;
  if (!next.ok || nextLink?.kind !== 'signature' || nextLink.seq !== link.seq + 1 || nextLink.prev !== sealed.hash) {
    out.breaks.push({ file, line: line + 1, what: `edited record: the signature after the closing of record ${link.seq} does not follow it` });
    return;
  }
  signed.record(next.raw, nextLink, { file, line: line + 1 }, (seq) => (seq === link.seq ? sealed.hash : undefined));
}

function checkEnd(bytes: Buffer, end: { at: number; value: ArchiveEnd; text: string }, signed: SignatureCheck, out: ArchiveCheck, fail: (what: string) => void, given: boolean): void {
  const { sha256, archiveSignature } = end.value;
  const signatureReads = archiveSignature === null || (isPlainObject(archiveSignature) && typeof archiveSignature.keyId === 'string'
    && Number.isSafeInteger(archiveSignature.signedAt) && typeof archiveSignature.signature === 'string');
  if (typeof sha256 !== 'string' || !signatureReads || endLine(end.value) !== end.text) return fail('the archive\'s end line does not read');
  if (sha256Hex(bytes.subarray(0, end.at)) !== sha256) return fail('the archive was changed after it was written: its bytes no longer have the hash its end line holds');
  if (archiveSignature === null) {
    out.notes.push('the archive was written without the register\'s key (the command line): it rests on the heads the register signed inside it');
    return;
  }
  const key = signed.keyOf(archiveSignature.keyId);
  if (!key || !signatureValid(key, archiveText(sha256, archiveSignature.signedAt), archiveSignature.signature)) {
    return fail(key ? 'the register\'s signature over the archive does not verify' : `the archive is signed by key ${archiveSignature.keyId}, which is not among the keys ${given ? 'given' : 'it carries'}`);
  }
  out.signedBy = archiveSignature.keyId;
}
