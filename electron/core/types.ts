/** The main-process core: everything the IPC (and the browser harness) calls, free of Electron. */
import type { EventName, Events, Handlers, Row } from '../../shared/ipc/contract.js';
import type { IpcError } from '../../shared/ipc/types.js';

/** What dispatch() reads off a contract row before running its handler. */
export type Policy = Pick<Row, 'manager' | 'scope' | 'level'>;

export type CoreListener = <E extends EventName>(event: E, payload: Events[E]) => void;

export interface Core {
  handlers: Handlers;
  /**
   * Applies a method's policy: throws CoreError 'locked' without the manager PIN, 'signed_out' or 'forbidden' without the bank scope.
   * Returns a promise only when the answer must wait (an environment switch in progress).
   */
  authorize(policy: Policy): Promise<void> | void;
  /** Where dispatch reports a refusal that carries a technical detail, for the log. */
  reportError?(method: string, error: IpcError): void;
  /** Events for the renderer (attempt updates, terminal list changes, app state). */
  subscribe(listener: CoreListener): () => void;
  close(): Promise<void>;
}
