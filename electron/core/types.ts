/** The main-process core: everything the IPC (and the browser harness) calls, free of Electron. */
import type { EventName, Events, Handlers } from '../../shared/ipc/contract.js';

export type CoreListener = <E extends EventName>(event: E, payload: Events[E]) => void;

export interface Core {
  handlers: Handlers;
  /** Events for the renderer (attempt updates, terminal list changes, app state). */
  subscribe(listener: CoreListener): () => void;
  close(): Promise<void>;
}
