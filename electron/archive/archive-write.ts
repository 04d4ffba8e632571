/**
 * Writes a journal archive (archive-format.ts) of a period of days: the day files whole and
 * byte for byte, the closings of those days, months and years written later with the signature after each, the
 * public keys and a manifest. Read-only on the journal, so the command line may run beside the
 * app. Without the app it has no key: the manifest then rests on the heads the register signed
 * inside the files. The back office passes the register's key, which signs the whole archive.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { daysNewestFirst } from '../payments/journal-files.js';
import { linkOf, sha256Hex, unseal } from '../payments/journal-envelope.js';
import { PUBLIC_KEYS_FILE, readPublicKeys, type SignatureBody } from '../signing/signed-text.js';
import { bodyOf } from '../signing/signature-check.js';
import type { SigningKey } from '../signing/register-key.js';
import { readTextIfExists } from '../fs/read-text.js';
import {
  ARCHIVE_TITLE, ARCHIVE_VERSION, archiveText, CLOSING_KINDS, closesWithin, endLine, type ArchivedFile, type ArchiveManifest, type ArchiveSignature, type LaterClosing,
} from './archive-format.js';

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

/** The public keys file is larger than any register's keys make it. */
const MAX_KEYS_BYTES = 1024 * 1024;

interface Walked { first: { seq: number; prev: string; kind: string } | null; last: { seq: number; hash: string } | null; records: number; signatures: number; lastSigned: SignatureBody | null; afterSigned: number }

export async function writeArchive(req: ArchiveRequest): Promise<{ content: Buffer; manifest: ArchiveManifest }> {
  const days = (await daysNewestFirst(req.journalDir).catch(() => [] as string[])).reverse();
  const inRange = days.filter((d) => d >= req.from && d <= req.to);
  if (inRange.length === 0) throw new NothingToArchive(`no journal day file from ${req.from} to ${req.to}`);
  const walked: Walked = { first: null, last: null, records: 0, signatures: 0, lastSigned: null, afterSigned: 0 };
  const files: { meta: ArchivedFile; bytes: Buffer }[] = [];
  for (const day of inRange) {
    const name = `${day}.jsonl`;
    const bytes = await fs.readFile(join(req.journalDir, name));
    const text = bytes.toString('utf8');
    walk(text, walked);
    files.push({ meta: { name, bytes: bytes.length, sha256: sha256Hex(bytes), lines: text.split('\n').filter((l) => l !== '').length }, bytes });
  }
  const later = await laterClosings(req, days.filter((d) => d > req.to));
  const keysText = (await readTextIfExists(join(req.journalDir, PUBLIC_KEYS_FILE), MAX_KEYS_BYTES)) ?? '';
  const manifest: ArchiveManifest = {
    environment: req.environment, from: req.from, to: req.to, writtenAt: req.writtenAt, writtenBy: req.writtenBy,
    files: files.map((f) => f.meta), laterClosings: later.map((l) => l.meta),
    // The first record of a journal born chained, or the takeover of an older one, links to nothing archived before it.
    startsAfter: walked.first && walked.first.seq > 1 && walked.first.kind !== 'takeover' ? { seq: walked.first.seq - 1, hash: walked.first.prev } : null,
    last: walked.last, records: walked.records, signatures: walked.signatures, lastSignedHead: walked.lastSigned,
    unsignedTail: walked.afterSigned, keyIds: [...(readPublicKeys(keysText)?.keys() ?? [])],
  };
  const parts: Buffer[] = [
    line({ counterpay: ARCHIVE_TITLE, version: ARCHIVE_VERSION, manifest }),
    line({ publicKeys: keysText }),
  ];
  for (const f of files) parts.push(line({ file: f.meta.name, bytes: f.meta.bytes, sha256: f.meta.sha256 }), f.bytes, Buffer.from('\n'));
  for (const l of later) parts.push(line({ laterClosing: l.meta.file, line: l.meta.line, bytes: l.meta.bytes, sha256: l.meta.sha256 }), l.bytes, Buffer.from('\n'));
  // Hashed part by part: a busy register's year is hundreds of MiB, and one more whole copy of it is not needed.
  const hash = createHash('sha256');
  for (const p of parts) hash.update(p);
  const sha256 = hash.digest('hex');
  const signature: ArchiveSignature | null = req.signer
    ? { keyId: req.signer.id, signedAt: req.writtenAt, signature: req.signer.sign(archiveText(sha256, req.writtenAt)) }
    : null;
  parts.push(Buffer.from(endLine({ sha256, archiveSignature: signature }), 'utf8'));
  return { content: Buffer.concat(parts), manifest };
}

const line = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value)}\n`, 'utf8');

/** Counts the chained records of a day file and the signatures among them; where the chain starts and ends. */
function walk(text: string, w: Walked): void {
  for (const l of text.split('\n')) {
    const sealed = unseal(l);
    const link = sealed.ok ? linkOf(sealed.raw) : null;
    if (!sealed.ok || !link) continue;
    w.first ??= link;
    w.last = { seq: link.seq, hash: sealed.hash };
    w.records++;
    w.afterSigned++;
    if (link.kind === 'signature') {
      const body = bodyOf(sealed.raw) as SignatureBody | null;
      w.signatures++;
      w.lastSigned = body;
      w.afterSigned = 0;
    }
  }
}

/** Closings of the period (days, months, years: closesWithin) found in later day files, each with the signature record that follows it. */
async function laterClosings(req: ArchiveRequest, days: string[]): Promise<{ meta: LaterClosing; bytes: Buffer }[]> {
  const out: { meta: LaterClosing; bytes: Buffer }[] = [];
  for (const day of days) {
    const name = `${day}.jsonl`;
    const lines = (await fs.readFile(join(req.journalDir, name), 'utf8')).split('\n');
    lines.forEach((l, i) => {
      const sealed = unseal(l);
      const link = sealed.ok ? linkOf(sealed.raw) : null;
      if (!sealed.ok || !link || !CLOSING_KINDS.has(link.kind)) return;
      if (!closesWithin(link.kind, bodyOf(sealed.raw), req.from, req.to)) return;
      const next = lines[i + 1] ?? '';
      const text = next.includes('"kind":"signature"') ? `${l}\n${next}` : l;
      const bytes = Buffer.from(text, 'utf8');
      out.push({ meta: { file: name, line: i + 1, bytes: bytes.length, sha256: sha256Hex(bytes) }, bytes });
    });
  }
  return out;
}
