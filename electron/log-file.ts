/**
 * An installed app has no console anyone reads: log lines (already redacted by
 * the logger) also go to a daily file under the data folder's logs/, opened
 * once the data folder is known. A disk error never stops the till.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LogSink } from './log.js';

export interface FileSink {
  sink: LogSink;
  /** Starts writing to `<dir>/counterpay-YYYY-MM-DD.log`. */
  open(dir: string): void;
}

export function fileSink(echo: LogSink = (l) => process.stderr.write(l + '\n')): FileSink {
  let dir: string | null = null;
  return {
    sink(line) {
      echo(line);
      if (!dir) return;
      try {
        appendFileSync(join(dir, `counterpay-${new Date().toISOString().slice(0, 10)}.log`), line + '\n', { mode: 0o600 });
      } catch {
        // Losing a log line is acceptable; failing a payment because the disk is full is not.
      }
    },
    open(target) {
      mkdirSync(target, { recursive: true });
      dir = target;
    },
  };
}
