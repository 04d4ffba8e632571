/**
 * The one logger of the main process. Secrets (tokens, client secrets, codes)
 * are registered as they appear and replaced before a line is written, and
 * anything shaped like a bearer token is masked as a second line of defence.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogSink = (line: string) => void;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Never log this value, wherever it appears. */
  addSecret(secret: string): void;
}

const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;

export function createLogger(sink: LogSink = (l) => process.stderr.write(l + '\n'), minLevel: LogLevel = 'info'): Logger {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  const secrets = new Set<string>();
  const redact = (text: string): string => {
    let out = text.replace(BEARER, '$1[redacted]');
    // A search is far cheaper than a split, and most lines hold no secret.
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join('[redacted]');
    return out;
  };
  const write = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (order.indexOf(level) < order.indexOf(minLevel)) return;
    const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
    sink(redact(line));
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    addSecret: (s) => {
      if (s.length >= 8) secrets.add(s);
    },
  };
}

/** For tests: keeps every line so a test can scan them for secrets. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger((l) => lines.push(l), 'debug'), { lines });
}
