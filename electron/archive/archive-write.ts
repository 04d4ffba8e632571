/**
 * Writes a journal archive (archive-format.ts) of a period of days: the day files whole and
 * byte for byte, the closings of those days, months and years written later with the signature
 * after each, the public keys and a manifest. Without the app it has no key: the manifest then
 * rests on the heads the register signed inside the files. The back office passes the register's
 * key, which signs the whole archive.
 *
 * A busy register's year is hundreds of MiB, so the archive is never held in memory: the first
 * pass measures the files (archive-measure.ts), the second copies each file's measured bytes
 * straight into a temporary file beside the destination, hashing as it goes, and only a complete
 * archive, flushed to disk, is renamed into place.
 */
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomicallyBy, type AtomicWriteOptions } from '../fs/atomic-write.js';
import { CHUNK_BYTES, forEachChunk, FileShrank } from '../fs/read-chunks.js';
import { ARCHIVE_TITLE, ARCHIVE_VERSION, archiveText, endLine, type ArchivedFile, type ArchiveManifest, type ArchiveSignature } from './archive-format.js';
import { measureArchive, type ArchiveRequest, type MeasuredArchive } from './archive-measure.js';

export { NothingToArchive, measureArchive, type ArchiveRequest, type MeasuredArchive } from './archive-measure.js';

/**
 * A day file's bytes are no longer those measured a moment before: the journal is only ever
 * appended to, so it was edited, replaced or cut short while it was archived.
 */
export class JournalChangedWhileArchiving extends Error {}

export interface WrittenArchive { manifest: ArchiveManifest; bytes: number }

/** Measures and writes the archive to `outPath`, replaced whole; the file is the caller's to read back. */
export async function writeArchive(req: ArchiveRequest, outPath: string, options: AtomicWriteOptions = {}): Promise<WrittenArchive> {
  return writeMeasured(await measureArchive(req), req, outPath, options);
}

/**
 * The second pass. Each day file contributes exactly the bytes measured, whatever the app appended
 * since, and those bytes must still have the hash measured: the manifest already says so.
 */
export async function writeMeasured(measured: MeasuredArchive, req: Pick<ArchiveRequest, 'signer' | 'writtenAt'>, outPath: string, options: AtomicWriteOptions = {}): Promise<WrittenArchive> {
  const { manifest, keysText, later, journalDir } = measured;
  const bytes = await writeAtomicallyBy(outPath, async (handle) => {
    const out = new HashedOutput(handle);
    // One buffer copies every file: see forEachChunk.
    const into = Buffer.allocUnsafe(CHUNK_BYTES);
    await out.write(line({ counterpay: ARCHIVE_TITLE, version: ARCHIVE_VERSION, manifest }));
    await out.write(line({ publicKeys: keysText }));
    for (const f of manifest.files) {
      await out.write(line({ file: f.name, bytes: f.bytes, sha256: f.sha256 }));
      await copyMeasured(join(journalDir, f.name), f, out, into);
      await out.write(NEWLINE);
    }
    for (const l of later) {
      await out.write(line({ laterClosing: l.meta.file, line: l.meta.line, bytes: l.meta.bytes, sha256: l.meta.sha256 }));
      await out.write(l.bytes);
      await out.write(NEWLINE);
    }
    const sha256 = out.digest();
    const signature: ArchiveSignature | null = req.signer
      ? { keyId: req.signer.id, signedAt: req.writtenAt, signature: req.signer.sign(archiveText(sha256, req.writtenAt)) }
      : null;
    // The end line is not part of what it hashes.
    await out.write(Buffer.from(endLine({ sha256, archiveSignature: signature }), 'utf8'), false);
    return out.written;
  }, options);
  return { manifest, bytes };
}

const NEWLINE = Buffer.from('\n');
const line = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value)}\n`, 'utf8');

async function copyMeasured(path: string, f: ArchivedFile, out: HashedOutput, into: Buffer): Promise<void> {
  const changed = (how: string): JournalChangedWhileArchiving => new JournalChangedWhileArchiving(
    `${f.name} changed while the archive was written (${how}); a journal file is only ever appended to. No archive was written: write it again, and if this happens again check the journal (npm run journal -- verify)`,
  );
  const hash = createHash('sha256');
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    throw (e as NodeJS.ErrnoException).code === 'ENOENT' ? changed('it is gone') : e;
  }
  try {
    await forEachChunk(handle, f.bytes, async (chunk) => {
      hash.update(chunk);
      await out.write(chunk);
    }, into);
  } catch (e) {
    throw e instanceof FileShrank ? changed(`it is shorter than the ${f.bytes} bytes measured`) : e;
  } finally {
    await handle.close();
  }
  if (hash.digest('hex') !== f.sha256) throw changed(`its first ${f.bytes} bytes are no longer those measured a moment before`);
}

/** The temporary file, written in order, with the SHA-256 of everything before the end line. */
class HashedOutput {
  private readonly hash = createHash('sha256');
  written = 0;

  constructor(private readonly handle: FileHandle) {}

  async write(buf: Uint8Array, hashed = true): Promise<void> {
    if (hashed) this.hash.update(buf);
    // A write may take fewer bytes than given (a full disk about to refuse): the rest follows or throws.
    for (let at = 0; at < buf.length;) {
      const { bytesWritten } = await this.handle.write(buf, at, buf.length - at);
      if (bytesWritten <= 0) throw new Error('the disk took no more of the archive');
      at += bytesWritten;
    }
    this.written += buf.length;
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
