/**
 * What stops a request before its answer: the platform's AbortSignal, or the payment engine's
 * RequestStop (electron/payments/request-stop.ts), an event emitter with the same `aborted`
 * and `reason`. undici takes either. The engine opens one for every send and read, on the
 * cashier's path: an AbortController and its event listener cost several times what an
 * emitter does, in every Charge's fsync and before its request can leave.
 */
export interface StopEmitter {
  readonly aborted: boolean;
  readonly reason: unknown;
  once(event: 'abort', listener: () => void): unknown;
  removeListener(event: 'abort', listener: () => void): unknown;
}

export type StopSignal = AbortSignal | StopEmitter;

const isEmitter = (signal: StopSignal): signal is StopEmitter => !('addEventListener' in signal);

/** Calls `listener` once when the signal stops; returns the way to stop listening. */
export function onStop(signal: StopSignal, listener: () => void): () => void {
  if (isEmitter(signal)) {
    signal.once('abort', listener);
    return () => void signal.removeListener('abort', listener);
  }
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}
