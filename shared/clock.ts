/**
 * Time is injected everywhere a deadline matters so tests never wait out the
 * 120-second terminal timeout. Production reads two clocks: systemClock for the
 * times people read (journal records, the local day) and monotonicClock for how
 * long something has lasted (deadlines, backoff, idle time), which a person or NTP
 * setting the computer's clock never moves. Tests and the browser harness use
 * ManualClock, for both.
 */
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  setTimer(ms: number, fn: () => void): TimerHandle;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const t = setTimeout(fn, Math.max(0, ms));
    return { cancel: () => clearTimeout(t) };
  },
};

/**
 * The monotonic clock: never set back or forward by anyone. Deadlines and backoff
 * run on it; its now() is only meaningful as a difference.
 */
export const monotonicClock: Clock = {
  now: () => performance.now(),
  setTimer: (ms, fn) => systemClock.setTimer(ms, fn),
};

/**
 * Wall time read once, then carried on by the monotonic clock: the clock of a machine
 * elsewhere (the bank the embedded sandbox plays), which setting this computer's clock
 * does not move.
 */
export function detachedClock(wall: Clock = systemClock, mono: Clock = monotonicClock): Clock {
  const offset = wall.now() - mono.now();
  return {
    now: () => offset + mono.now(),
    setTimer: (ms, fn) => mono.setTimer(ms, fn),
  };
}

interface PendingTimer {
  at: number;
  seq: number;
  fn: () => void;
}

/**
 * Real time plus an offset that only moves forward. Timers fire on real time as
 * usual, and advance() fires every timer that falls due in the skipped span, in
 * order, so a test can jump over a 120 s deadline instantly.
 */
export class ManualClock implements Clock {
  private offset = 0;
  private seq = 0;
  private readonly timers = new Set<PendingTimer>();
  private realTimer: ReturnType<typeof setTimeout> | null = null;

  /** frozen: time does not pass by itself (unit tests); otherwise it follows the wall clock. */
  constructor(private readonly options: { start?: number; frozen?: boolean } = {}) {
    if (options.start !== undefined) this.offset = options.start - (options.frozen ? 0 : Date.now());
  }

  now(): number {
    return this.options.frozen ? this.offset : Date.now() + this.offset;
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const timer: PendingTimer = { at: this.now() + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.add(timer);
    this.schedule();
    return {
      cancel: () => {
        this.timers.delete(timer);
        this.schedule();
      },
    };
  }

  /**
   * Moves time forward, stopping at each timer's due time on the way so a timer
   * set by another timer in the skipped span still fires at its own time.
   */
  advance(ms: number): void {
    if (ms < 0) throw new RangeError('the clock only moves forward');
    const target = this.now() + ms;
    for (;;) {
      const next = this.earliestDue(target);
      if (!next) break;
      this.offset += Math.max(0, next.at - this.now());
      this.timers.delete(next);
      next.fn();
    }
    this.offset += Math.max(0, target - this.now());
    this.schedule();
  }

  /**
   * Jumps to an absolute time. Going back is allowed (the sandbox's sunset tests
   * need a date in the past); timers keep their absolute due times.
   */
  set(epochMs: number): void {
    this.offset += epochMs - this.now();
    this.fireDue();
  }

  pendingTimers(): number {
    return this.timers.size;
  }

  private earliestDue(limit: number): PendingTimer | undefined {
    let next: PendingTimer | undefined;
    for (const t of this.timers) {
      if (t.at <= limit && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) next = t;
    }
    return next;
  }

  private fireDue(): void {
    for (let next = this.earliestDue(this.now()); next; next = this.earliestDue(this.now())) {
      this.timers.delete(next);
      next.fn();
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.realTimer) clearTimeout(this.realTimer);
    this.realTimer = null;
    if (this.options.frozen || this.timers.size === 0) return;
    let earliest = Infinity;
    for (const t of this.timers) earliest = Math.min(earliest, t.at);
    this.realTimer = setTimeout(() => this.fireDue(), Math.max(0, earliest - this.now()));
  }
}
