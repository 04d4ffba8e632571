/**
 * The archive streamed to its file must be byte for byte the archive the writer used to build in
 * memory: auditors hold archives of both, and verify reads them the same way. The writer as it was
 * is kept below, here only, as the reference; it is run over signed journals with closings written
 * later, and over day files of megabytes, so lines and characters fall across the pieces read.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { monthAndYearClosedLater, threeDays } from '../signing/testing/signed-journal.js';
import { writeBusyJournal } from '../../scripts/bench-journal.js';
import { daysNewestFirst } from '../payments/journal-files.js';
import { linkOf, sha256Hex, unseal } from '../payments/journal-envelope.js';
import { PUBLIC_KEYS_FILE, readPublicKeys, type SignatureBody } from '../signing/signed-text.js';
import { bodyOf } from '../signing/signature-check.js';
import { CHUNK_BYTES } from '../fs/read-chunks.js';
import { checkArchive } from './archive-verify.js';
import { writeArchive, type ArchiveRequest } from './archive-write.js';
import { ARCHIVE_TITLE, ARCHIVE_VERSION, archiveText, CLOSING_KINDS, closesWithin, endLine, type ArchiveManifest } from './archive-format.js';

/** The in-memory writer before streaming (archive-write.ts as of 2026-11), whole files read, one copy concatenated. */
async function archiveInMemory(req: ArchiveRequest): Promise<Buffer> {
  const days = (await daysNewestFirst(req.journalDir)).reverse();
  const w = { first: null as { seq: number; prev: string; kind: string } | null, last: null as { seq: number; hash: string } | null, records: 0, signatures: 0, lastSigned: null as SignatureBody | null, afterSigned: 0 };
  const files = await Promise.all(days.filter((d) => d >= req.from && d <= req.to).map(async (day) => ({ name: `${day}.jsonl`, bytes: await readFile(join(req.journalDir, `${day}.jsonl`)) })));
  for (const f of files) {
    for (const l of f.bytes.toString('utf8').split('\n')) {
      const sealed = unseal(l);
      const link = sealed.ok ? linkOf(sealed.raw) : null;
      if (!sealed.ok || !link) continue;
      w.first ??= link;
      w.last = { seq: link.seq, hash: sealed.hash };
      w.records++;
      w.afterSigned++;
      if (link.kind === 'signature') [w.signatures, w.lastSigned, w.afterSigned] = [w.signatures + 1, bodyOf(sealed.raw) as SignatureBody | null, 0];
    }
  }
  const later: { meta: { file: string; line: number; bytes: number; sha256: string }; bytes: Buffer }[] = [];
  for (const day of days.filter((d) => d > req.to)) {
    const lines = (await readFile(join(req.journalDir, `${day}.jsonl`), 'utf8')).split('\n');
    lines.forEach((l, i) => {
      const sealed = unseal(l);
      const link = sealed.ok ? linkOf(sealed.raw) : null;
      if (!sealed.ok || !link || !CLOSING_KINDS.has(link.kind) || !closesWithin(link.kind, bodyOf(sealed.raw), req.from, req.to)) return;
      const next = lines[i + 1] ?? '';
      const bytes = Buffer.from(next.includes('"kind":"signature"') ? `${l}\n${next}` : l, 'utf8');
      later.push({ meta: { file: `${day}.jsonl`, line: i + 1, bytes: bytes.length, sha256: sha256Hex(bytes) }, bytes });
    });
  }
  const keysText = readFileSync(join(req.journalDir, PUBLIC_KEYS_FILE), 'utf8');
  const manifest: ArchiveManifest = {
    environment: req.environment, from: req.from, to: req.to, writtenAt: req.writtenAt, writtenBy: req.writtenBy,
    files: files.map((f) => ({ name: f.name, bytes: f.bytes.length, sha256: sha256Hex(f.bytes), lines: f.bytes.toString('utf8').split('\n').filter((l) => l !== '').length })),
    laterClosings: later.map((l) => l.meta),
    startsAfter: w.first && w.first.seq > 1 && w.first.kind !== 'takeover' ? { seq: w.first.seq - 1, hash: w.first.prev } : null,
    last: w.last, records: w.records, signatures: w.signatures, lastSignedHead: w.lastSigned, unsignedTail: w.afterSigned, keyIds: [...(readPublicKeys(keysText)?.keys() ?? [])],
  };
  const line = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value)}\n`, 'utf8');
  const parts = [line({ counterpay: ARCHIVE_TITLE, version: ARCHIVE_VERSION, manifest }), line({ publicKeys: keysText })];
  for (const f of files) parts.push(line({ file: f.name, bytes: f.bytes.length, sha256: sha256Hex(f.bytes) }), f.bytes, Buffer.from('\n'));
  for (const l of later) parts.push(line({ laterClosing: l.meta.file, line: l.meta.line, bytes: l.meta.bytes, sha256: l.meta.sha256 }), l.bytes, Buffer.from('\n'));
  const sha256 = createHash('sha256').update(Buffer.concat(parts)).digest('hex');
  const archiveSignature = req.signer ? { keyId: req.signer.id, signedAt: req.writtenAt, signature: req.signer.sign(archiveText(sha256, req.writtenAt)) } : null;
  return Buffer.concat([...parts, Buffer.from(endLine({ sha256, archiveSignature }), 'utf8')]);
}

/** Streamed and in memory, the same request: the same bytes, and the answer's size and manifest are the file's. */
async function sameBytes(root: string, req: ArchiveRequest, what: string): Promise<Buffer> {
  const file = join(root, 'streamed.cparchive');
  const written = await writeArchive(req, file);
  const streamed = readFileSync(file);
  const reference = await archiveInMemory(req);
  assert.equal(streamed.length, reference.length, `${what}: the same length`);
  assert.ok(streamed.equals(reference), `${what}: the same bytes`);
  assert.equal(written.bytes, streamed.length);
  assert.deepEqual(written.manifest, checkArchive(streamed).manifest);
  return streamed;
}

describe('the archive streamed to its file is the archive built in memory', () => {
  test('signed journals: days closed the next morning, months and a year closed later; with and without the register\'s key', async () => {
    await withTempDir('counterpay-archive-stream-', async (root) => {
      const key = await threeDays(root);
      const journalDir = join(root, 'training', 'journal');
      const base = { journalDir, environment: 'training', writtenAt: Date.UTC(2026, 4, 1), writtenBy: 'Marie' };
      for (const [from, to] of [['2026-04-01', '2026-04-01'], ['2026-04-02', '2026-04-02'], ['2026-04-01', '2026-04-30']]) {
        await sameBytes(root, { ...base, from: from!, to: to! }, `${from}–${to} unsigned`);
        const signed = await sameBytes(root, { ...base, from: from!, to: to!, signer: key.current }, `${from}–${to} signed`);
        assert.equal(checkArchive(signed).signedBy, key.current.id);
      }
    });
    await withTempDir('counterpay-archive-stream-', async (root) => {
      const key = await monthAndYearClosedLater(root);
      const base = { journalDir: join(root, 'training', 'journal'), environment: 'training', writtenAt: 0, writtenBy: 'command line' };
      for (const [from, to] of [['2026-04-01', '2026-04-30'], ['2026-01-01', '2026-12-31']]) {
        const streamed = await sameBytes(root, { ...base, from: from!, to: to!, signer: key.current }, `${from}–${to}`);
        assert.ok(checkArchive(streamed).manifest!.laterClosings.length > 0, 'closings written later travel with it');
        assert.deepEqual(checkArchive(streamed).breaks, []);
      }
    });
  });

  test('day files of megabytes, read in many pieces', async () => {
    await withTempDir('counterpay-archive-stream-', async (root) => {
      const journalDir = join(root, 'journal');
      const busy = writeBusyJournal(journalDir, 3, 1500, true, Date.UTC(2026, 0, 5, 9));
      const streamed = await sameBytes(root, { journalDir, environment: 'training', from: busy.firstDay, to: busy.lastDay, writtenAt: 0, writtenBy: 'command line' }, 'busy days');
      const files = checkArchive(streamed).manifest!.files;
      assert.equal(files.length, 3);
      assert.ok(files.every((f) => f.bytes > 2 * CHUNK_BYTES), `each day file spans several pieces: ${files.map((f) => f.bytes).join(', ')} bytes`);
      assert.deepEqual(checkArchive(streamed).breaks, []);
    });
  });
});
