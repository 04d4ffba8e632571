/**
 * The stop of one request to the bank (a send, a read): the engine aborts it at the deadline or
 * when it closes. An event emitter rather than an AbortController, because one is made for every
 * request while the cashier waits, and undici listens to either (see shared/domain/stop-signal.ts).
 */
import { EventEmitter } from 'node:events';
import type { StopEmitter } from '../../shared/domain/stop-signal.js';

export class RequestStop extends EventEmitter implements StopEmitter {
  private stopped = false;
  private why: unknown = undefined;

  get aborted(): boolean {
    return this.stopped;
  }

  get reason(): unknown {
    return this.why;
  }

  /** Stops the request once; a later call changes nothing, as AbortController.abort does. */
  abort(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.why = reason;
    try {
      this.emit('abort');
    } catch (e) {
      // As an AbortSignal does: a listener that throws is reported on its own, and whoever stops
      // several requests (the engine closing) still stops every one.
      queueMicrotask(() => {
        throw e;
      });
    }
  }
}
