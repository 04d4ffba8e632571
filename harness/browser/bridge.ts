/**
 * Browser side of the harness: window.counterpay with the very contract the
 * Electron preload exposes, carried over HTTP to the same core handlers. Every
 * call carries the run's secret, which the harness wrote into this page only
 * (guard.ts).
 */
import { EVENT_NAMES, METHODS, type CounterpayApi, type EventName, type Events, type Method } from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/types.js';
import { SECRET_HEADER, SECRET_META, SECRET_PARAM } from './guard-names.js';
import { EVENTS_SENT_HEADER, EventOrder } from './event-order.js';

const secret = document.querySelector<HTMLMetaElement>(`meta[name="${SECRET_META}"]`)?.content ?? '';
const order = new EventOrder();

async function call(method: Method, req: unknown): Promise<IpcResult<unknown>> {
  try {
    const res = await fetch(`/bridge/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret },
      body: JSON.stringify(req ?? null),
    });
    const result = (await res.json()) as IpcResult<unknown>;
    // As in Electron: the events this call caused reach the listeners before its answer reaches the caller.
    await order.after(Number(res.headers.get(EVENTS_SENT_HEADER) ?? -1));
    return result;
  } catch (e) {
    return { ok: false, error: { code: 'internal', message: `The Counterpay core is not reachable (${String(e)}).` } };
  }
}

type Listener = (payload: unknown) => void;
const listeners = new Map<EventName, Set<Listener>>();
const source = new EventSource(`/bridge/events?${SECRET_PARAM}=${encodeURIComponent(secret)}`);
source.onmessage = (msg: MessageEvent<string>) => {
  const { seq, event, payload } = JSON.parse(msg.data) as { seq?: number; event?: EventName; payload: unknown };
  // `npm run dev` rebuilt the renderer (harness/server/server.ts DEV_RELOAD_EVENT).
  if ((event as string) === 'devReload') return location.reload();
  if (event) listeners.get(event)?.forEach((l) => l(payload));
  // A message with a number and no event is where the stream starts.
  if (typeof seq === 'number') order.reached(seq);
};

const methods = Object.fromEntries(METHODS.map((m) => [m, (req: unknown) => call(m, req)]));

const api = {
  ...methods,
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    if (!EVENT_NAMES.includes(event)) throw new Error(`unknown event ${event}`);
    const set = listeners.get(event) ?? new Set<Listener>();
    listeners.set(event, set);
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  },
} as CounterpayApi;

Object.defineProperty(window, 'counterpay', { value: Object.freeze(api), writable: false });
