/**
 * The renderer's only door to the outside: window.counterpay, provided by the
 * Electron preload or, in a plain browser, by the harness script. Every call
 * goes through call() so a rejected promise (a broken bridge, a crashed main
 * process) still comes back as an IpcResult the screen can show.
 */
import { CONTRACT, type CounterpayApi, type EventName, type Events, type Method, type Req, type Res } from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/types.js';

declare global {
  interface Window {
    counterpay: CounterpayApi;
  }
}

export function hasBridge(): boolean {
  return typeof window !== 'undefined' && typeof window.counterpay === 'object' && window.counterpay !== null;
}

function api(): CounterpayApi {
  if (!hasBridge()) throw new Error('The Counterpay bridge is not available (window.counterpay is missing).');
  return window.counterpay;
}

let onLocked: (() => Promise<boolean>) | null = null;

/** The PIN prompt registers here: a manager action refused with 'locked' waits for it, then is made once more. */
export function setLockedHandler(handler: (() => Promise<boolean>) | null): void {
  onLocked = handler;
}

export async function call<M extends Method>(method: M, req: Req<M>): Promise<IpcResult<Res<M>>> {
  const result = await callOnce(method, req);
  // Only a manager method's 'locked' means "ask for the PIN"; unlockManager's own is about the PIN typed.
  if (result.ok || result.error.code !== 'locked' || !onLocked || !CONTRACT[method].manager) return result;
  return (await onLocked()) ? callOnce(method, req) : result;
}

async function callOnce<M extends Method>(method: M, req: Req<M>): Promise<IpcResult<Res<M>>> {
  try {
    // The mapped type loses the link between M and its function; the contract guarantees it.
    const fn = api()[method] as (r: Req<M>) => Promise<IpcResult<Res<M>>>;
    const result = await fn(req);
    if (!result || typeof result !== 'object' || typeof result.ok !== 'boolean') {
      return { ok: false, error: { code: 'internal', message: `${method}: the bridge returned an unexpected answer` } };
    }
    return result;
  } catch (e) {
    return { ok: false, error: { code: 'internal', message: `${method} failed: ${e instanceof Error ? e.message : String(e)}` } };
  }
}

export function on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
  return api().on(event, listener);
}
