/**
 * Every timer and in-flight request of the engine, keyed by attempt, so a state
 * change can cancel exactly what no longer applies and close() can stop all.
 * Timers go through the injected Clock; a delay already due runs on the next
 * microtask (a frozen test clock would otherwise never fire a 0 ms timer).
 */
import type { Clock, TimerHandle } from '../../shared/clock.js';
import { RequestStop } from './request-stop.js';

export type TimerSlot = 'deadline' | 'resend' | 'poll' | 'late';
export type RequestSlot = 'send' | 'poll' | 'recheck' | 'ask';
/** Why a request was aborted: the deadline passed, or the engine is closing. */
export type AbortReason = 'deadline' | 'close';

export class AttemptTimers {
  private readonly timers = new Map<string, TimerHandle>();
  private readonly requests = new Map<RequestStop, string>();

  constructor(private readonly clock: Clock) {}

  set(attemptId: string, slot: TimerSlot, delayMs: number, fn: () => void): void {
    const key = `${attemptId}:${slot}`;
    this.timers.get(key)?.cancel();
    const fire = () => {
      this.timers.delete(key);
      fn();
    };
    if (delayMs > 0) {
      this.timers.set(key, this.clock.setTimer(delayMs, fire));
      return;
    }
    let cancelled = false;
    this.timers.set(key, { cancel: () => { cancelled = true; } });
    queueMicrotask(() => {
      if (!cancelled) fire();
    });
  }

  has(attemptId: string, slot: TimerSlot): boolean {
    return this.timers.has(`${attemptId}:${slot}`);
  }

  cancel(attemptId: string, ...slots: TimerSlot[]): void {
    for (const slot of slots) {
      const key = `${attemptId}:${slot}`;
      this.timers.get(key)?.cancel();
      this.timers.delete(key);
    }
  }

  /** The stop of one request; call the returned `done` when the request settled. */
  openRequest(attemptId: string, slot: RequestSlot): { signal: RequestStop; done: () => void } {
    const stop = new RequestStop();
    this.requests.set(stop, `${attemptId}:${slot}`);
    return { signal: stop, done: () => this.requests.delete(stop) };
  }

  hasRequest(attemptId: string, slot: RequestSlot): boolean {
    for (const key of this.requests.values()) if (key === `${attemptId}:${slot}`) return true;
    return false;
  }

  /** Aborts the attempt's requests in that slot; true when one was in flight. */
  abortRequests(attemptId: string, slot: RequestSlot, reason: AbortReason): boolean {
    let found = false;
    for (const [stop, key] of this.requests) {
      if (key !== `${attemptId}:${slot}`) continue;
      found = true;
      stop.abort(reason);
    }
    return found;
  }

  stopAll(): void {
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
    for (const stop of this.requests.keys()) stop.abort('close' satisfies AbortReason);
    this.requests.clear();
  }
}
