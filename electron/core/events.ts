/** A tiny typed fan-out for the events main pushes to the renderer. */
import type { EventName, Events } from '../../shared/ipc/contract.js';
import type { CoreListener } from './types.js';

export class CoreEvents {
  private readonly listeners = new Set<CoreListener>();

  subscribe(listener: CoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const l of this.listeners) {
      try {
        l(event, payload);
      } catch {
        // A broken listener (a closed window) must never stop the payment engine.
      }
    }
  }
}
