/**
 * The first of the archive writer's two passes (archive-write.ts): the manifest opens the archive
 * but names every day file's size, hash and line count, so each file is read once to measure it
 * before a byte is written. One file at a time, a piece at a time: what is held is the manifest,
 * the public keys and the later closings, never the day files themselves. Read-only on the
 * journal, so the command line may run beside the app.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { daysNewestFirst } from '../payments/journal-files.js';
import { linkOf, sha256Hex, unseal } from '../payments/journal-envelope.js';
import { PUBLIC_KEYS_FILE, readPublicKeys, type SignatureBody } from '../signing/signed-text.js';
import { bodyOf } from '../signing/signature-check.js';
import type { SigningKey } from '../signing/register-key.js';
import { readTextIfExists } from '../fs/read-text.js';
import { CHUNK_BYTES, forEachChunk, LineSplitter } from '../fs/read-chunks.js';
import { CLOSING_KINDS, closesWithin, type ArchivedFile, type ArchiveManifest, type LaterClosing } from './archive-format.js';

export interface ArchiveRequest {
  journalDir: string;
  environment: string;
  from: string;
  to: string;
  writtenAt: number;
  writtenBy: string;
  /** The register's key (the app only): signs every byte of the archive. */
  signer?: SigningKey;
}

/** No day file of the journal falls in the period: nothing to archive. */
export class NothingToArchive extends Error {}

/** Everything the second pass writes besides the day files' bytes, which it copies from the journal. */
export interface MeasuredArchive {
  journalDir: string;
  manifest: ArchiveManifest;
  keysText: string;
  later: { meta: LaterClosing; bytes: Buffer }[];
}

/** The public keys file is larger than any register's keys make it. */
const MAX_KEYS_BYTES = 1024 * 1024;

interface Walked { first: { seq: number; prev: string; kind: string } | null; last: { seq: number; hash: string } | null; records: number; signatures: number; lastSigned: SignatureBody | null; afterSigned: number }

export async function measureArchive(req: ArchiveRequest): Promise<MeasuredArchive> {
  const days = (await daysNewestFirst(req.journalDir).catch(() => [] as string[])).reverse();
  const inRange = days.filter((d) => d >= req.from && d <= req.to);
  if (inRange.length === 0) throw new NothingToArchive(`no journal day file from ${req.from} to ${req.to}`);
  const walked: Walked = { first: null, last: null, records: 0, signatures: 0, lastSigned: null, afterSigned: 0 };
  // One buffer reads every file: see forEachChunk.
  const into = Buffer.allocUnsafe(CHUNK_BYTES);
  const files: ArchivedFile[] = [];
  for (const day of inRange) files.push(await measureDayFile(join(req.journalDir, `${day}.jsonl`), walked, into));
  const later = await laterClosings(req, days.filter((d) => d > req.to), into);
  const keysText = (await readTextIfExists(join(req.journalDir, PUBLIC_KEYS_FILE), MAX_KEYS_BYTES)) ?? '';
  const manifest: ArchiveManifest = {
    environment: req.environment, from: req.from, to: req.to, writtenAt: req.writtenAt, writtenBy: req.writtenBy,
    files, laterClosings: later.map((l) => l.meta),
    // The first record of a journal born chained, or the takeover of an older one, links to nothing archived before it.
    startsAfter: walked.first && walked.first.seq > 1 && walked.first.kind !== 'takeover' ? { seq: walked.first.seq - 1, hash: walked.first.prev } : null,
    last: walked.last, records: walked.records, signatures: walked.signatures, lastSignedHead: walked.lastSigned,
    unsignedTail: walked.afterSigned, keyIds: [...(readPublicKeys(keysText)?.keys() ?? [])],
  };
  return { journalDir: req.journalDir, manifest, keysText, later };
}

/**
 * Each line of the file as it stands when opened: bytes the app appends meanwhile are left for
 * the next archive. Returns the size read and the SHA-256 of those bytes.
 */
async function eachLine(path: string, into: Buffer, onLine: (line: string) => void): Promise<{ bytes: number; sha256: string }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const hash = createHash('sha256');
    const lines = new LineSplitter(onLine);
    await forEachChunk(handle, size, (chunk) => {
      hash.update(chunk);
      lines.push(chunk);
    }, into);
    lines.end();
    return { bytes: size, sha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

/** One day file's size, hash and lines (those not empty, as verify counts them), its records walked into `w`. */
async function measureDayFile(path: string, w: Walked, into: Buffer): Promise<ArchivedFile> {
  let lines = 0;
  const measured = await eachLine(path, into, (l) => {
    if (l !== '') lines++;
    walk(l, w);
  });
  return { name: basename(path), ...measured, lines };
}

/** Counts a chained record and whether it is a signature; where the chain starts and ends. */
function walk(l: string, w: Walked): void {
  const sealed = unseal(l);
  const link = sealed.ok ? linkOf(sealed.raw) : null;
  if (!sealed.ok || !link) return;
  w.first ??= link;
  w.last = { seq: link.seq, hash: sealed.hash };
  w.records++;
  w.afterSigned++;
  if (link.kind === 'signature') {
    w.signatures++;
    w.lastSigned = bodyOf(sealed.raw) as SignatureBody | null;
    w.afterSigned = 0;
  }
}

/** Closings of the period (days, months, years: closesWithin) found in later day files, each with the signature record that follows it. */
async function laterClosings(req: ArchiveRequest, days: string[], into: Buffer): Promise<{ meta: LaterClosing; bytes: Buffer }[]> {
  const out: { meta: LaterClosing; bytes: Buffer }[] = [];
  for (const day of days) {
    const name = `${day}.jsonl`;
    // A closing waits for the line after it, which travels with it when it is its signature.
    let waiting: { line: number; text: string } | null = null;
    const keep = (next: string): void => {
      if (!waiting) return;
      const bytes = Buffer.from(next.includes('"kind":"signature"') ? `${waiting.text}\n${next}` : waiting.text, 'utf8');
      out.push({ meta: { file: name, line: waiting.line, bytes: bytes.length, sha256: sha256Hex(bytes) }, bytes });
      waiting = null;
    };
    let at = 0;
    await eachLine(join(req.journalDir, name), into, (l) => {
      at++;
      keep(l);
      const sealed = unseal(l);
      const link = sealed.ok ? linkOf(sealed.raw) : null;
      if (!sealed.ok || !link || !CLOSING_KINDS.has(link.kind)) return;
      if (closesWithin(link.kind, bodyOf(sealed.raw), req.from, req.to)) waiting = { line: at, text: l };
    });
    keep('');
  }
  return out;
}
