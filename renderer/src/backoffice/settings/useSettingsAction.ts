/** A settings panel's action: a settings method run through useAction, the fresh view kept in the store. */
import type { Req } from '../../../../shared/ipc/contract.js';
import type { IpcError } from '../../../../shared/ipc/types.js';
import { useAction } from '../../hooks/useAction.js';
import { useSettings, type SettingsMethod } from '../../store/settings.js';

export interface SettingsAction {
  busy: boolean;
  error: IpcError | null;
  done: string | null;
  /** Resolves true on success; the fresh view is already in the store. */
  run<M extends SettingsMethod>(method: M, req: Req<M>, doneMessage?: string): Promise<boolean>;
}

export function useSettingsAction(): SettingsAction {
  const action = useAction();
  return {
    busy: action.busy,
    error: action.error,
    done: action.done,
    async run(method, req, doneMessage) {
      return (await action.run(() => useSettings.getState().run(method, req), doneMessage)).ok;
    },
  };
}
