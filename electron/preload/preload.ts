/**
 * The whole surface the renderer gets: window.counterpay, one function per
 * contract method plus `on` for the listed events. ipcRenderer itself, and any
 * generic invoke/send taking a channel name, never cross the bridge, so a
 * compromised page can only call what the contract allows (and main still
 * validates the sender and every payload).
 *
 * Runs sandboxed: esbuild bundles it into one CommonJS file whose only
 * require() is 'electron' (scripts/build-electron.mjs checks that).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  EVENT_NAMES,
  METHODS,
  channelOf,
  eventChannelOf,
  type CounterpayApi,
  type EventName,
  type Events,
  type Method,
  type Req,
  type Res,
} from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/types.js';

const invoker =
  <M extends Method>(method: M) =>
  (req: Req<M>): Promise<IpcResult<Res<M>>> =>
    ipcRenderer.invoke(channelOf(method), req) as Promise<IpcResult<Res<M>>>;

function on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
  if (!EVENT_NAMES.includes(event)) throw new TypeError(`counterpay.on: unknown event "${String(event)}"`);
  if (typeof listener !== 'function') throw new TypeError('counterpay.on: listener must be a function');
  const channel = eventChannelOf(event);
  // The IpcRendererEvent (which holds a reference to ipcRenderer) is dropped here.
  const wrapped = (_e: IpcRendererEvent, payload: Events[E]) => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

// Generated from the contract so a new method is one row there; the contract's
// row type is what each function answers, checked where CounterpayApi is used.
const invokers = Object.fromEntries(METHODS.map((method) => [method, invoker(method)])) as { [M in Method]: ReturnType<typeof invoker<M>> };
const api = { ...invokers, on } satisfies CounterpayApi;

contextBridge.exposeInMainWorld('counterpay', api);
