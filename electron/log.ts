/**
 * The one logger of the main process. Secrets (tokens, client secrets, codes)
 * are registered as they appear and replaced before a line is written, and
 * anything shaped like a bearer token is masked as a second line of defence.
 * A line logged while the cashier waits (a payment's state, the bank's answer) is
 * made and written a moment later (`later`), stamped with the moment it was logged:
 * making a line is work on the thread that also runs the payment and its fsync.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogSink = (line: string) => void;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** The line as `level` would write it, made and written once the current work is done (see LATER_MS). */
  later(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
  /** Never log this value, wherever it appears. */
  addSecret(secret: string): void;
}

/**
 * How long a `later` line waits: a timer, so the sale that logged it (its request, its second fsync,
 * the window told) goes first. A line written at once first writes those still waiting, so lines
 * keep the order they were logged in; the log file writes them before it flushes (at close and
 * at exit), and the process's exit writes them before any other exit listener runs.
 */
export const LATER_MS = 1;

/** Every logger's waiting lines, in the order they were logged, written by one timer. */
const waiting: Array<() => void> = [];
let drainTimer: ReturnType<typeof setTimeout> | null = null;
let drainOnExit = false;
let draining = false;

/** Writes every logger's waiting lines now (the log file's flush, the exit, a line that must follow them). */
export function writeWaitingLines(): void {
  if (drainTimer) clearTimeout(drainTimer);
  drainTimer = null;
  if (draining) return;
  draining = true;
  try {
    // Taken whole: a line written now may log another, which waits for the next round.
    for (const write of waiting.splice(0)) {
      try {
        write();
      } catch {
        // A log line that cannot be written never stops a payment, nor the lines after it.
      }
    }
  } finally {
    draining = false;
  }
}

function queueLater(write: () => void): void {
  waiting.push(write);
  drainTimer ??= setTimeout(writeWaitingLines, LATER_MS);
  if (!drainOnExit) {
    drainOnExit = true;
    // First of the exit listeners: the log file's own exit flush then finds these lines.
    process.prependOnceListener('exit', writeWaitingLines);
  }
}

const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;

/** `laterNow`: `later` lines are written at once (memoryLogger: a test reads every line when its work is done). */
export function createLogger(sink: LogSink = (l) => process.stderr.write(l + '\n'), minLevel: LogLevel = 'info', laterNow = false): Logger {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  const secrets = new Set<string>();
  const redact = (text: string): string => {
    let out = text.replace(BEARER, '$1[redacted]');
    // A search is far cheaper than a split, and most lines hold no secret.
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join('[redacted]');
    return out;
  };
  const write = (level: LogLevel, msg: string, fields?: Record<string, unknown>, at = Date.now()) => {
    if (order.indexOf(level) < order.indexOf(minLevel)) return;
    if (waiting.length > 0 && !draining) writeWaitingLines();
    const line = JSON.stringify({ t: new Date(at).toISOString(), level, msg, ...fields });
    sink(redact(line));
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    later: (level, m, f) => {
      if (laterNow) return write(level, m, f);
      const at = Date.now();
      // The fields as they are now: a caller may change its objects once it goes on.
      const fields = f ? { ...f } : undefined;
      queueLater(() => write(level, m, fields, at));
    },
    addSecret: (s) => {
      if (s.length >= 8) secrets.add(s);
    },
  };
}

/** For tests: keeps every line so a test can scan them for secrets. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger((l) => lines.push(l), 'debug', true), { lines });
}
