/** A shop's calendar day as the journal names it: "YYYY-MM-DD", in local time. */
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a "YYYY-MM-DD" that names a real calendar day (no 30 February). */
export function isDay(value: string): boolean {
  if (!DAY_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Local calendar day "YYYY-MM-DD" of an instant: the cashier's day, not UTC's. Sorts lexically by date. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
