/**
 * Background work (sends, polls, deadline handling) runs detached from the
 * command that started it; this keeps track of it so failures are logged, not
 * lost, and close() (and tests) can wait until it has settled.
 *
 * A request on the wire is not engine work: while it waits for the bank the
 * engine is idle (settled() resolves), and only the handling of the answer
 * is a task again. close() aborts requests, then drains both.
 */
import type { Logger } from '../log.js';

export class TaskTracker {
  private readonly running = new Set<Promise<void>>();
  private readonly outside = new Set<Promise<unknown>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, fn: () => Promise<unknown>): void {
    // Started now (a throw becomes a rejection): an answer from the bank is handled in the turn it arrived.
    const p: Promise<void> = new Promise<unknown>((resolve) => resolve(fn()))
      .then(
        () => undefined,
        (e: unknown) => this.logger.error('payment engine task failed', { task: name, error: e instanceof Error ? e.message : String(e) }),
      )
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Waits for `call` (a request to the bank) without counting as busy, then handles its result as a task. */
  after<T>(name: string, call: Promise<T>, next: (result: PromiseSettledResult<T>) => Promise<unknown>): void {
    const waiting = call.then(
      (value) => this.run(name, () => next({ status: 'fulfilled', value })),
      (reason: unknown) => this.run(name, () => next({ status: 'rejected', reason })),
    );
    this.outside.add(waiting);
    void waiting.finally(() => this.outside.delete(waiting));
  }

  /** Resolves once no task is running (requests may still be in flight), including tasks started by the ones awaited. */
  async settled(): Promise<void> {
    do {
      while (this.running.size) await Promise.allSettled([...this.running]);
      // One turn of the event loop lets due microtask timers and finished file I/O start their follow-up tasks.
      await new Promise<void>((resolve) => setImmediate(resolve));
    } while (this.running.size);
  }

  /** For close(): waits for requests in flight (aborted by then) and everything they start. */
  async drain(): Promise<void> {
    while (this.outside.size || this.running.size) {
      await Promise.allSettled([...this.outside]);
      await this.settled();
    }
  }
}
