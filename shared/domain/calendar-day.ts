/** A shop's calendar day as the journal names it: "YYYY-MM-DD", in local time. */
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a "YYYY-MM-DD" that names a real calendar day (no 30 February). */
export function isDay(value: string): boolean {
  if (!DAY_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The last day asked for, with the instants it spans: a sale asks for its day several times
 * (its journal file, the day's totals, the journal's mark), each a trip through the time zone
 * rules. Trusted for a minute of elapsed time, so a computer whose time zone is changed gets
 * its new days within a minute; daylight saving needs no such care (the span is the day's own).
 */
export const DAY_MEMO_MS = 60_000;

/** localDay with its own memory, trusted for DAY_MEMO_MS of `elapsed` (tests hand it their clock). */
export function makeLocalDay(elapsed: () => number = () => performance.now()): (ms: number) => string {
  let last = { from: 0, to: -1, day: '', until: -Infinity };
  return (ms) => {
    const now = elapsed();
    if (ms >= last.from && ms < last.to && now < last.until) return last.day;
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    const [y, m, date] = [d.getFullYear(), d.getMonth(), d.getDate()];
    const day = `${y}-${pad(m + 1)}-${pad(date)}`;
    // Local midnight to the next local midnight (23 or 25 hours when the clocks change). An invalid instant is not kept.
    if (Number.isFinite(ms)) last = { from: new Date(y, m, date).getTime(), to: new Date(y, m, date + 1).getTime(), day, until: now + DAY_MEMO_MS };
    return day;
  };
}

/** Local calendar day "YYYY-MM-DD" of an instant: the cashier's day, not UTC's. Sorts lexically by date. */
export const localDay = makeLocalDay();

/** A moment as a register's clock on the wall shows it. */
export interface WallTime {
  /** "YYYY-MM-DD" */
  day: string;
  /** "HH:MM:SS", 24-hour */
  time: string;
  hour: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** True for a time zone name this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The wall time of an instant in `zone` (an IANA name), or in this process's own zone when none
 * is given: each register's day is cut in its own zone, wherever the report is made.
 */
export function wallTime(ms: number, zone?: string | null): WallTime {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (!zone) {
    const d = new Date(ms);
    return { day: localDay(ms), time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`, hour: d.getHours() };
  }
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    zoneFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value])) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  const hour = Number(parts.hour ?? '0') % 24;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${pad(hour)}:${parts.minute}:${parts.second}`, hour };
}
