/** One settings panel's call in progress, its error and its success line, kept together. */
import { useState } from 'react';
import type { Req } from '../../../../shared/ipc/contract.js';
import type { IpcError } from '../../../../shared/ipc/types.js';
import { useSettings, type SettingsMethod } from '../../store/settings.js';

export interface SettingsAction {
  busy: boolean;
  error: IpcError | null;
  done: string | null;
  /** Resolves true on success; the fresh view is already in the store. */
  run<M extends SettingsMethod>(method: M, req: Req<M>, doneMessage?: string): Promise<boolean>;
  clear(): void;
}

export function useSettingsAction(): SettingsAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return {
    busy,
    error,
    done,
    async run(method, req, doneMessage) {
      setBusy(true);
      setError(null);
      setDone(null);
      const res = await useSettings.getState().run(method, req);
      setBusy(false);
      if (!res.ok) {
        setError(res.error);
        return false;
      }
      setDone(doneMessage ?? null);
      return true;
    },
    clear() {
      setError(null);
      setDone(null);
    },
  };
}
