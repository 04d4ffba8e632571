/**
 * The store's clock as this register sees it. Leases are dated by PostgreSQL alone, so registers
 * whose clocks disagree still agree on every lease; the register only needs two things from the
 * store's clock: how far its own clock is off (a manager is warned beyond a few seconds, since
 * receipts and the day are dated by it), and the store time at which a lease request it is about
 * to give up on must no longer take effect. That second figure runs on the monotonic clock from
 * the last measurement, so a register clock set back or forward meanwhile does not move it.
 */
import type { Clock } from '../../shared/clock.js';
import { monotonicClock } from '../../shared/clock.js';
import type { Logger } from '../log.js';
import type { StoreConnection } from './connection.js';

/** Beyond this, the manager is told this register's clock disagrees with the store's. */
export const CLOCK_WARN_MS = 5_000;
/** How often the offset is measured again while connected. */
export const CLOCK_PROBE_EVERY_MS = 60_000;

export interface ClockReading {
  /** Store time minus this register's time, in ms (positive: the register is behind). */
  offsetMs: number;
  /** Round trip of the measurement: the offset is known to within half of it. */
  roundTripMs: number;
}

export class StoreClock {
  private anchor: { storeMs: number; monoMs: number } | null = null;
  private last: ClockReading | null = null;
  private probe: NodeJS.Timeout | null = null;

  constructor(private readonly registerClock: Clock, private readonly mono: Clock = monotonicClock) {}

  /** Measures the offset once (one round trip); throws when the store does not answer. */
  async measure(conn: StoreConnection): Promise<ClockReading> {
    const before = this.mono.now();
    const wallBefore = this.registerClock.now();
    const res = await conn.withClient((c) =>
      c.query<{ ms: string }>({ name: 'counterpay-store-clock', text: 'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8::text AS ms' }));
    const after = this.mono.now();
    const storeMs = Number(res.rows[0]?.ms);
    if (!Number.isFinite(storeMs)) throw new Error('the store sent no readable time');
    const half = (after - before) / 2;
    this.anchor = { storeMs, monoMs: before + half };
    this.last = { offsetMs: Math.round(storeMs - (wallBefore + half)), roundTripMs: Math.round(after - before) };
    return this.last;
  }

  /** measure() on the live connection, logged; true when the manager's warning changed. */
  async measureLogged(link: () => StoreConnection | null, logger?: Logger): Promise<boolean> {
    const conn = link();
    if (!conn) return false;
    const before = this.skewSeconds();
    try {
      const r = await this.measure(conn);
      if (Math.abs(r.offsetMs) > 1_000) logger?.info('register clock differs from the store clock', { offsetMs: r.offsetMs, roundTripMs: r.roundTripMs });
    } catch (e) {
      logger?.warn('store clock not measured', { error: e instanceof Error ? e.message : String(e) });
    }
    return this.skewSeconds() !== before;
  }

  /** Measures now and every CLOCK_PROBE_EVERY_MS while the link holds; `changed` when the manager's warning changes. */
  async follow(link: () => StoreConnection | null, changed: () => void, logger?: Logger): Promise<void> {
    const measure = async () => { if (await this.measureLogged(link, logger)) changed(); };
    await measure();
    this.probe ??= setInterval(() => void measure(), CLOCK_PROBE_EVERY_MS);
    this.probe.unref();
  }

  stop(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }

  reading(): ClockReading | null {
    return this.last;
  }

  /** Whole seconds this register's clock is ahead of the store's (negative: behind), or null while within CLOCK_WARN_MS or unknown. */
  skewSeconds(): number | null {
    if (!this.last || Math.abs(this.last.offsetMs) <= CLOCK_WARN_MS) return null;
    return Math.round(-this.last.offsetMs / 1000);
  }

  /** The store's time `inMs` from now, as epoch ms, or null before the first measurement. */
  storeTimeIn(inMs: number): number | null {
    if (!this.anchor) return null;
    return this.anchor.storeMs + (this.mono.now() - this.anchor.monoMs) + inMs;
  }
}
