/**
 * One panel's write in progress, its error and its success line, kept together.
 * Each run starts clean, so an old error or "saved" line never sits beside a
 * call that is still on its way.
 */
import { useState } from 'react';
import type { IpcError, IpcResult } from '../../../shared/ipc/types.js';

export interface Action {
  busy: boolean;
  error: IpcError | null;
  done: string | null;
  /** Makes the call, keeps its error or shows doneMessage, and hands the answer back. */
  run<T>(request: () => Promise<IpcResult<T>>, doneMessage?: string): Promise<IpcResult<T>>;
  dismissError(): void;
}

export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return {
    busy,
    error,
    done,
    async run(request, doneMessage) {
      setBusy(true);
      setError(null);
      setDone(null);
      const res = await request();
      setBusy(false);
      if (res.ok) setDone(doneMessage ?? null);
      else setError(res.error);
      return res;
    },
    dismissError: () => setError(null),
  };
}
