/**
 * Electron hands a window its events and the answers to its calls down one ordered pipe: a call's
 * answer never arrives before an event the call caused. The harness carries them apart (one event
 * stream, one HTTP request per call), so a late event could undo what a newer answer showed (a
 * "locked" view arriving after the answer that unlocked it). The server numbers the events and names
 * in each answer the last number sent before it; the page's bridge hands an answer back only once its
 * listeners have heard up to that number.
 */

/** The answer's header naming the last event number the server had sent when it answered. */
export const EVENTS_SENT_HEADER = 'x-counterpay-events-sent';

/** An answer waits no longer than this for its events: a broken stream must not stop the page. */
export const EVENT_WAIT_MS = 2000;

type Timer = (fn: () => void, ms: number) => unknown;

export class EventOrder {
  /** The highest event number handed to the listeners, or where the stream started; -1 before it opened. */
  private heard = -1;
  private readonly waiting = new Set<{ upTo: number; done: () => void }>();

  constructor(private readonly timer: Timer = (fn, ms) => setTimeout(fn, ms)) {}

  /** The stream said where it starts, or its event `seq` reached the listeners. */
  reached(seq: number): void {
    if (seq <= this.heard) return;
    this.heard = seq;
    for (const w of this.waiting) if (w.upTo <= seq) w.done();
  }

  /** Resolves once the events numbered up to `upTo` reached the listeners (or EVENT_WAIT_MS later). */
  after(upTo: number): Promise<void> {
    if (!(upTo > this.heard)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const w = {
        upTo,
        done: () => {
          this.waiting.delete(w);
          resolve();
        },
      };
      this.waiting.add(w);
      this.timer(w.done, EVENT_WAIT_MS);
    });
  }
}
