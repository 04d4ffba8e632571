/**
 * Where a timed Charge spends its time, side by side (BENCH_CHARGE_PHASES=1 npm run bench): the
 * ratio alone says how much the app costs over the minimum, not where, and guessing where sent
 * earlier work after the wrong things. Each sale is cut at the moments every side shares: its
 * record's fsync asked for and done, its request on the wire, the bank reading it and answering,
 * the answer's headers back, the second fsync asked for and done. Marked from outside the code
 * under test (undici's and node:http's diagnostics channels, FileHandle.datasync wrapped while
 * the bench runs), so the app and the engine run exactly as they ship.
 */
import dc from 'node:diagnostics_channel';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const PHASES = [
  ['before the 1st fsync', 'sync'],
  ['1st fsync', 'synced'],
  ['until the request is on the wire', 'sent'],
  ['until the bank reads it', 'bankIn'],
  ['the bank at work', 'bankOut'],
  ['until the answer is back', 'answer'],
  ['answer → 2nd fsync asked', 'sync'],
  ['2nd fsync', 'synced'],
  ['until told', 'end'],
] as const;

type Mark = (typeof PHASES)[number][1] | 'start';

export interface PhaseTracer {
  /** The bench's report of one timed sale: which side, when it started, how long it took. */
  sale(side: number, start: number, ms: number): void;
  /** Unhooks, and prints the median of each phase per side (µs). */
  report(sides: readonly string[], say: (line: string) => void): Promise<void>;
}

type Proto = { datasync(this: unknown): Promise<void> };

export async function tracePhases(): Promise<PhaseTracer> {
  const marks: Array<[Mark, number]> = [];
  const mark = (m: Mark) => (): void => {
    marks.push([m, performance.now()]);
  };
  const probePath = join(tmpdir(), `counterpay-phases-${process.pid}`);
  const probe = await open(probePath, 'w');
  const proto = Object.getPrototypeOf(probe) as Proto;
  await probe.close();
  await rm(probePath, { force: true });
  const datasync = proto.datasync;
  proto.datasync = function (this: unknown) {
    mark('sync')();
    return datasync.call(this).then(mark('synced'));
  };
  const channels: Array<[string, () => void]> = [
    ['undici:client:sendHeaders', mark('sent')], ['undici:request:headers', mark('answer')],
    ['http.server.request.start', mark('bankIn')], ['http.server.response.finish', mark('bankOut')],
  ];
  for (const [name, fn] of channels) dc.subscribe(name, fn);
  const sales: Array<[number, number, number]> = [];
  return {
    sale: (side, start, ms) => void sales.push([side, start, start + ms]),
    async report(sides, say) {
      proto.datasync = datasync;
      for (const [name, fn] of channels) dc.unsubscribe(name, fn);
      const rows = sides.map(() => [] as number[][]);
      let from = 0;
      for (const [side, start, end] of sales) {
        while (from < marks.length && marks[from]![1] < start) from++;
        const row = phasesOf(marks, from, start, end);
        if (row) rows[side]!.push(row);
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
      say(`charge phases, µs at p50 (${PHASES.map(([name]) => name).join(' | ')}):`);
      sides.forEach((name, s) => {
        const list = rows[s]!;
        say(`  ${name}: ${PHASES.map((_, i) => median(list.map((r) => r[i]!)).toFixed(0)).join(' | ')} (${list.length} sales cut cleanly)`);
      });
    },
  };
}

/** The phases of one sale: each mark found in order after the one before; null when one is missing. */
function phasesOf(marks: ReadonlyArray<[Mark, number]>, from: number, start: number, end: number): number[] | null {
  const row: number[] = [];
  let at = start;
  let k = from;
  for (const [, want] of PHASES) {
    if (want === 'end') {
      row.push((end - at) * 1000);
      break;
    }
    while (k < marks.length && marks[k]![1] <= end && marks[k]![0] !== want) k++;
    if (k >= marks.length || marks[k]![1] > end) return null;
    row.push((marks[k]![1] - at) * 1000);
    at = marks[k]![1];
    k++;
  }
  return row;
}
