/**
 * The words of every start-up notice about a damaged or missing file: what was
 * lost and how a manager (or, where only the file system can help, an
 * administrator) recovers. One place, so the wording stays consistent.
 */
import type { SetupNotice } from '../../shared/ipc/types.js';
import { keptWords } from '../settings/set-aside.js';

export const NO_ENVIRONMENT_CLOSED = 'No bank is chosen for this register, so no sale can be taken. Ask a manager.';

export function environmentsUnreadable(kept: string | null, detail: string): SetupNotice {
  return {
    id: 'environments',
    title: 'The bank settings of this register could not be read',
    lost: `Which bank this register works with, and the addresses of the bank sandbox and production (${detail}). ${keptWords(kept)}`,
    recover: 'A manager opens Back office → Settings, enters the bank settings again if needed, and chooses the environment this register works in. Sales start again once it is chosen.',
  };
}

export function environmentChoiceLost(detail: string): SetupNotice {
  return {
    id: 'environments',
    title: 'This register does not know which bank to use',
    lost: `The saved choice of environment could not be used (${detail}).`,
    recover: 'A manager opens Back office → Settings and chooses the environment this register works in. Sales start again once it is chosen.',
  };
}

export function bankSettingsDropped(environment: string, detail: string): SetupNotice {
  return {
    id: `settings-${environment}`,
    title: `The saved ${environment === 'production' ? 'production' : 'bank sandbox'} settings were damaged and were removed`,
    lost: detail,
    recover: `A manager opens Back office → Settings and enters the ${environment === 'production' ? 'production' : 'bank sandbox'} settings again.`,
  };
}

export function managerPinUnreadable(dataDir: string, kept: string | null): SetupNotice {
  return {
    id: 'manager-pin',
    title: 'The manager PIN could not be read: manager screens stay locked',
    lost: `The manager PIN and its lock-out record. ${keptWords(kept)}`,
    recover: pinRecovery(dataDir),
  };
}

export function managerPinMissing(dataDir: string): SetupNotice {
  return {
    id: 'manager-pin',
    title: 'The manager PIN has disappeared: manager screens stay locked',
    lost: 'A manager PIN was set on this register, but its file is no longer in the data folder.',
    recover: pinRecovery(dataDir),
  };
}

function pinRecovery(dataDir: string): string {
  return `An administrator puts manager-pin.json back from a backup into ${dataDir} and restarts Counterpay. `
    + 'Without a backup, the administrator deletes manager-pin-set.json from that folder and restarts; a manager then sets a new PIN straight away.';
}

export function registerSettingsSetAside(kept: string | null): SetupNotice {
  return {
    id: 'register',
    title: 'The settings of this register were damaged and were reset',
    lost: `The default terminal, and the register number used on new payments (a new one was made). ${keptWords(kept)}`,
    recover: 'A manager opens Back office → Settings and chooses the default terminal again.',
  };
}

export function journalUnavailable(reason: string): SetupNotice {
  return {
    id: 'journal',
    title: 'The payment journal cannot be opened: no sale can be taken',
    lost: `Nothing has been lost, but no payment can be recorded. ${reason}`,
    recover: 'An administrator fixes the data folder as said above, then restarts Counterpay.',
  };
}

/** A readable reason for a journal folder that cannot be opened. */
export function journalProblem(error: unknown, journalPath: string): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOTDIR' || code === 'EEXIST') return `${journalPath} is a file, where Counterpay keeps its journal folder: move that file elsewhere.`;
  if (code === 'EACCES' || code === 'EPERM') return `Counterpay is not allowed to write in ${journalPath}: give it back the permission.`;
  if (code === 'ENOSPC') return `The disk holding ${journalPath} is full: free some space.`;
  if (code === 'EROFS') return `${journalPath} is on a read-only disk.`;
  return `Opening ${journalPath} failed (${error instanceof Error ? error.message : String(error)}).`;
}
