/**
 * A data folder copied to this computer from a register that another computer still is in the
 * store: before the engine opens (so nothing is sold under the other's id), this computer becomes
 * a register of its own and the manager is told. Only a folder whose register.json names another
 * computer asks the store, and only for 2 s; the connection checks the holder again in any case.
 */
import type { Logger } from '../log.js';
import type { RegisterSettingsStore } from '../settings/register-settings.js';

export async function separateCopiedFolder(url: string, settings: RegisterSettingsStore, logger?: Logger): Promise<void> {
  const { storeHolderOf } = await import('../store/register-holder.js');
  const before = settings.get();
  const holder = await storeHolderOf(url, before.registerId).catch(() => null);
  if (holder === null || holder.machine === settings.here) return;
  const next = await settings.becomeNewRegister();
  settings.becameNewFrom = holder.name;
  logger?.warn('this data folder was copied from the computer holding its register id: it is a new register now', { from: before.registerId, to: next.registerId });
}

