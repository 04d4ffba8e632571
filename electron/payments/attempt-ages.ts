/**
 * Attempt ages on the monotonic clock. Deadlines, backoff, key lifetime and the late
 * watch are measured as "how long since this attempt was created" on a clock no one
 * can set back or forward; journal records keep wall-clock times for people.
 *
 * An attempt created in this process is anchored at its creation. One read from the
 * journal (after a restart, when no monotonic reading survives) is anchored once from
 * the wall clock: its age is wall now minus createdAt, never below zero (a wall clock
 * that went back gives it its full deadline again rather than a negative age).
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Clock } from '../../shared/clock.js';

export class AttemptAges {
  private readonly anchors = new Map<string, number>();

  constructor(private readonly wall: Clock, private readonly mono: Clock) {}

  created(a: Attempt): void {
    this.anchors.set(a.id, this.mono.now());
  }

  age(a: Attempt): number {
    let anchor = this.anchors.get(a.id);
    if (anchor === undefined) {
      anchor = this.mono.now() - Math.max(0, this.wall.now() - a.createdAt);
      this.anchors.set(a.id, anchor);
    }
    return this.mono.now() - anchor;
  }

  forget(id: string): void {
    this.anchors.delete(id);
  }
}
