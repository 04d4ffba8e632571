/**
 * Runs async tasks one at a time, in call order. A store that rewrites its
 * file keeps one so a slow write can never land after (and undo) a later one.
 * A failed task rejects to its own caller only; the queue goes on.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
