/**
 * An installed app has no console anyone reads: log lines (already redacted by
 * the logger) also go to a daily file under the data folder's logs/, opened
 * once the data folder is known. Files older than `keepDays` are deleted when
 * the folder is opened and whenever a new day's file starts, so a till that
 * runs for years keeps a bounded folder. A disk error never stops the till.
 * The day's file stays open, and lines reach it in batches: a sale logs as it goes while the
 * cashier waits, and a write to the disk for each line took the thread from the payment (and
 * from the disk's fsync of its record). A batch is written FLUSH_MS after its first line, when
 * it grows past FLUSH_CHARS, at a new day, at close and when the process exits; a kill -9
 * loses at most the last FLUSH_MS of lines, never a record (the journal is not a log).
 */
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { writeWaitingLines, type LogSink } from './log.js';

export interface FileSink {
  sink: LogSink;
  /** Writes the lines not yet written (close and the process's exit do it too). */
  flush(): void;
  /** Starts writing to `<dir>/counterpay-YYYY-MM-DD.log` (UTC day). */
  open(dir: string): void;
  /** Lets go of the open file (at quit); a later line opens it again. */
  close(): void;
}

export interface FileSinkOptions {
  /** Days of files kept, today included (default 14). */
  keepDays?: number;
  now?: () => number;
  /** How long a line may wait for the batch it joins (default FLUSH_MS). */
  flushMs?: number;
}

/** Long enough that a sale's lines leave after the cashier was answered, short enough that a crash loses little. */
export const FLUSH_MS = 100;
/** A burst of lines is written without waiting for the timer. */
const FLUSH_CHARS = 64 * 1024; // characters of JSON text: bytes for the ASCII that lines almost always are

const FILE_RE = /^counterpay-(\d{4}-\d{2}-\d{2})\.log$/;
const DAY_MS = 24 * 3600_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Deletes the daily files older than the kept window; returns their names. */
export function pruneLogs(dir: string, today: number, keepDays: number): string[] {
  const oldestKept = utcDay(today - (keepDays - 1) * DAY_MS);
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    const day = FILE_RE.exec(name)?.[1];
    if (day === undefined || day >= oldestKept) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

export function fileSink(echo: LogSink = (l) => process.stderr.write(l + '\n'), opts: FileSinkOptions = {}): FileSink {
  const keepDays = Math.max(1, opts.keepDays ?? 14);
  const now = opts.now ?? Date.now;
  const flushMs = opts.flushMs ?? FLUSH_MS;
  let dir: string | null = null;
  let day = '';
  let fd: number | null = null;
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  const release = () => {
    if (fd === null) return;
    try {
      closeSync(fd);
    } catch {
      // Already gone: nothing to give back.
    }
    fd = null;
  };
  const rotate = (target: string, at: number) => {
    release();
    day = utcDay(at);
    try {
      pruneLogs(target, at, keepDays);
    } catch {
      // An unreadable folder keeps its old files; the till keeps going.
    }
  };
  const flush = () => {
    // The lines other loggers still hold back belong in this batch.
    writeWaitingLines();
    if (timer) clearTimeout(timer);
    timer = null;
    if (!dir || pending === '') return;
    const bytes = Buffer.from(pending, 'utf8');
    pending = '';
    try {
      fd ??= openSync(join(dir, `counterpay-${day}.log`), 'a', 0o600);
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
    } catch {
      // Losing log lines is acceptable; failing a payment because the disk is full is not. The next batch opens the file afresh.
      release();
    }
  };
  return {
    sink(line) {
      echo(line);
      if (!dir) return;
      const at = now();
      if (utcDay(at) !== day) {
        // The day's last lines go to the day's file.
        flush();
        rotate(dir, at);
      }
      pending += `${line}\n`;
      if (pending.length >= FLUSH_CHARS) flush();
      // unref: a batch waiting never keeps the process alive; the exit handler writes it.
      else timer ??= setTimeout(flush, flushMs).unref();
    },
    flush,
    open(target) {
      mkdirSync(target, { recursive: true });
      if (!dir) process.once('exit', flush);
      dir = target;
      rotate(target, now());
    },
    close() {
      flush();
      release();
    },
  };
}
