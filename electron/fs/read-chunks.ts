/**
 * Reading a file piece by piece, for files that may be far larger than what a process should
 * hold (a year of journal day files archived at once) or that another process appends to
 * meanwhile (the journal's newest day file): only the bytes measured are read, never past them.
 */
import type { FileHandle } from 'node:fs/promises';

/** Large enough that the system calls cost nothing beside the hashing, small beside any day file worth streaming. */
export const CHUNK_BYTES = 1024 * 1024;

/** The file holds fewer bytes than were measured a moment before: it was cut short, or replaced. */
export class FileShrank extends Error {}

/**
 * Hands the first `bytes` bytes of the file to `fn` in order, read into `into` piece by piece.
 * The piece's memory is reused for the next one: `fn` copies whatever it keeps. A caller reading
 * many files passes one buffer for all: a buffer is freed only when the garbage collector gets to
 * it, so one per file would pile up tens of MiB before it does.
 */
export async function forEachChunk(handle: FileHandle, bytes: number, fn: (chunk: Buffer) => void | Promise<void>, into: Buffer = Buffer.allocUnsafe(Math.max(1, Math.min(CHUNK_BYTES, bytes)))): Promise<void> {
  for (let at = 0; at < bytes;) {
    const { bytesRead } = await handle.read(into, 0, Math.min(into.length, bytes - at), at);
    if (bytesRead === 0) throw new FileShrank(`the file ends at byte ${at}, ${bytes} were measured`);
    await fn(into.subarray(0, bytesRead));
    at += bytesRead;
  }
}

/**
 * Cuts a stream of bytes into lines at each newline, the last piece (after the last newline,
 * often empty) included: exactly what `text.split('\n')` gives for the whole file. A UTF-8
 * newline is always the byte 0x0a and never part of another character, so decoding each line on
 * its own reads the same text as decoding the whole file first.
 */
export class LineSplitter {
  private rest: Buffer[] = [];

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; start = nl + 1, nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl);
      this.onLine((this.rest.length ? Buffer.concat([...this.rest, piece]) : piece).toString('utf8'));
      this.rest = [];
    }
    // Copied: the chunk's memory is the reader's to reuse.
    if (start < chunk.length) this.rest.push(Buffer.from(chunk.subarray(start)));
  }

  end(): void {
    this.onLine(Buffer.concat(this.rest).toString('utf8'));
    this.rest = [];
  }
}
