/**
 * The local day, remembered with the instants it spans, against the day read the long way: around
 * midnights and both daylight-saving changes, in any order, and after the time zone is changed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';

// A zone with daylight saving, set before any date is read (this file runs in a process of its own).
process.env.TZ = 'Europe/Paris';
const { DAY_MEMO_MS, localDay, makeLocalDay } = await import('./calendar-day.js');

/** The day read the long way, every time. */
const naive = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('the day of an instant, asked again and again around midnights and both clock changes, is the one the long way reads', () => {
  const spans = [['2026-03-28T00:00:00Z', '2026-03-31T00:00:00Z'], ['2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z'], ['2026-12-31T20:00:00Z', '2027-01-01T04:00:00Z']];
  let checked = 0;
  for (const [from, to] of spans) {
    const instants: number[] = [];
    for (let ms = Date.parse(from!); ms < Date.parse(to!); ms += 7 * 60_000 + 13) instants.push(ms);
    // In order (a sale after a sale), backwards, and shuffled (a report reading old records).
    const shuffled = instants.map((ms, i) => [ms, (i * 7919) % instants.length] as const).sort((a, b) => a[1] - b[1]).map(([ms]) => ms);
    for (const list of [instants, [...instants].reverse(), shuffled]) {
      for (const ms of list) {
        assert.equal(localDay(ms), naive(ms), new Date(ms).toISOString());
        checked++;
      }
    }
  }
  // The last instant before a local midnight and the first after it, either way round.
  const midnight = new Date(2026, 2, 29).getTime();
  assert.equal(localDay(midnight - 1), '2026-03-28');
  assert.equal(localDay(midnight), '2026-03-29');
  assert.equal(localDay(midnight - 1), '2026-03-28');
  // 2026-03-29 has 23 hours here, 2026-10-25 has 25.
  assert.equal(localDay(new Date(2026, 2, 30).getTime() - 1), '2026-03-29');
  assert.equal(localDay(new Date(2026, 9, 25, 23, 59, 59, 999).getTime()), '2026-10-25');
  assert.equal(localDay(new Date(2026, 9, 26).getTime()), '2026-10-26');
  assert.ok(checked > 3000, `${checked} instants`);
});

test('a time zone changed on a running till is followed once the remembered day has had its minute', () => {
  let elapsed = 0;
  const day = makeLocalDay(() => elapsed);
  const instant = Date.parse('2026-06-01T23:30:00Z');
  assert.equal(day(instant), '2026-06-02', 'Paris: half past one in the morning');
  process.env.TZ = 'America/New_York';
  try {
    assert.equal(naive(instant), '2026-06-01', 'New York: half past seven the evening before');
    elapsed += DAY_MEMO_MS - 1;
    assert.equal(day(instant), '2026-06-02', 'still the remembered day within its minute');
    elapsed += 1;
    assert.equal(day(instant), '2026-06-01');
  } finally {
    process.env.TZ = 'Europe/Paris';
  }
});

test('an instant that is not a time reads as no day, and the next real one as its own', () => {
  assert.equal(localDay(Number.NaN), 'NaN-NaN-NaN');
  assert.equal(localDay(Date.parse('2026-06-01T10:00:00Z')), '2026-06-01');
});
