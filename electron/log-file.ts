/**
 * An installed app has no console anyone reads: log lines (already redacted by
 * the logger) also go to a daily file under the data folder's logs/, opened
 * once the data folder is known. Files older than `keepDays` are deleted when
 * the folder is opened and whenever a new day's file starts, so a till that
 * runs for years keeps a bounded folder. A disk error never stops the till.
 * The day's file stays open: a line is one write, where opening and closing the file for
 * each cost more than the write (a sale logs as it goes, while the cashier waits).
 */
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { LogSink } from './log.js';

export interface FileSink {
  sink: LogSink;
  /** Starts writing to `<dir>/counterpay-YYYY-MM-DD.log` (UTC day). */
  open(dir: string): void;
  /** Lets go of the open file (at quit); a later line opens it again. */
  close(): void;
}

export interface FileSinkOptions {
  /** Days of files kept, today included (default 14). */
  keepDays?: number;
  now?: () => number;
}

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
  let dir: string | null = null;
  let day = '';
  let fd: number | null = null;
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
  return {
    sink(line) {
      echo(line);
      if (!dir) return;
      const at = now();
      if (utcDay(at) !== day) rotate(dir, at);
      try {
        fd ??= openSync(join(dir, `counterpay-${day}.log`), 'a', 0o600);
        const bytes = Buffer.from(line + '\n', 'utf8');
        for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
      } catch {
        // Losing a log line is acceptable; failing a payment because the disk is full is not. The next line opens the file afresh.
        release();
      }
    },
    open(target) {
      mkdirSync(target, { recursive: true });
      dir = target;
      rotate(target, now());
    },
    close: release,
  };
}
