/**
 * HTTP dates (RFC 9110 §5.6.7) for Sunset and Retry-After. Senders must use
 * IMF-fixdate; recipients also accept the two obsolete forms, which we do.
 */
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`);
const RFC850 = new RegExp(`^${LONG_DAY}, \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`);

/** Milliseconds since the epoch, or null when the text is not an HTTP date. */
export function parseHttpDate(value: string): number | null {
  const v = value.trim();
  let ms = NaN;
  if (IMF_FIXDATE.test(v) || RFC850.test(v)) ms = Date.parse(v);
  // asctime carries no zone; it is GMT by definition, not local time.
  else if (ASCTIME.test(v)) ms = Date.parse(`${v} GMT`);
  return Number.isFinite(ms) ? ms : null;
}

/** Retry-After: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (/^\d{1,10}$/.test(v)) return Number(v) * 1000;
  const at = parseHttpDate(v);
  return at === null ? null : Math.max(0, at - nowMs);
}
