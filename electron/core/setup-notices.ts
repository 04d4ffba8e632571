/**
 * Every start-up notice about a damaged or missing file, as a kind and the
 * values its words need: the renderer words it in the screen language
 * (shared/i18n/notice-words.ts). The main process's own account (a parser
 * error, which values were invalid) travels as `detail`, for the technical
 * details and the log.
 */
import { basename } from 'node:path';
import type { ClosedReason, SetupNotice } from '../../shared/ipc/types.js';

export const NO_ENVIRONMENT_CLOSED: ClosedReason = 'no_environment';
export const JOURNAL_CLOSED: ClosedReason = 'journal';

/** The name the damaged file was kept under, '' when it could not be moved aside. */
const keptParam = (kept: string | null): string => (kept ? basename(kept) : '');

export function environmentsUnreadable(kept: string | null, detail: string): SetupNotice {
  return { id: 'environments', kind: 'environments_unreadable', params: { kept: keptParam(kept) }, detail };
}

export function environmentChoiceLost(detail: string): SetupNotice {
  return { id: 'environments', kind: 'environment_choice_lost', params: {}, detail };
}

/** environments.json is gone but the folder holds `found` (credentials, journals): the manager chooses the environment again. */
export function environmentsMissing(found: readonly string[]): SetupNotice {
  return { id: 'environments', kind: 'environments_missing', params: {}, detail: `environments.json is missing; the data folder still holds ${found.join(', ')}` };
}

/** The newest journal file (of `day`, '' when unknown) disappeared: its sales are missing here; open ones are watched again only if the store still holds them. */
export function journalFileMissing(day: string, detail: string): SetupNotice {
  return { id: 'journal-gap', kind: 'journal_file_missing', params: { day }, detail };
}

export function bankSettingsDropped(environment: string, detail: string): SetupNotice {
  return { id: `settings-${environment}`, kind: 'bank_settings_dropped', params: { environment }, detail };
}

export function managerPinUnreadable(dataDir: string, kept: string | null): SetupNotice {
  return { id: 'manager-pin', kind: 'manager_pin_unreadable', params: { kept: keptParam(kept), folder: dataDir }, detail: '' };
}

export function managerPinMissing(dataDir: string): SetupNotice {
  return { id: 'manager-pin', kind: 'manager_pin_missing', params: { folder: dataDir }, detail: '' };
}

/** This computer's data folder was a copy of register `from`'s: it became a register of its own at this start. */
export function registerCopied(from: string): SetupNotice {
  return { id: 'register-copied', kind: 'register_copied', params: { from }, detail: '' };
}

export function registerSettingsSetAside(kept: string | null): SetupNotice {
  return { id: 'register', kind: 'register_reset', params: { kept: keptParam(kept) }, detail: '' };
}

export type JournalProblem = 'not_a_folder' | 'no_permission' | 'disk_full' | 'read_only' | 'other';

export function journalUnavailable(problem: { kind: JournalProblem; path: string; detail: string }): SetupNotice {
  return { id: 'journal', kind: 'journal_unavailable', params: { problem: problem.kind, path: problem.path }, detail: problem.detail };
}

/** The register's key was lost and a new one made; `seq` is the key_changed record that says so. */
export function registerKeyChanged(notice: { seq: number; detail: string }): SetupNotice {
  return { id: `key-${notice.seq}`, kind: 'register_key_changed', params: { seq: String(notice.seq) }, detail: notice.detail };
}

/** The register's key is kept but the keychain could not decrypt it now: nothing is signed until it can (never a new key). */
export function registerKeyUnavailable(detail: string): SetupNotice {
  return { id: 'key-unavailable', kind: 'register_key_unavailable', params: {}, detail };
}

/** The journal chain was found broken at start-up; `seq` is the record that noticed it, which a manager acknowledges. */
export function journalChainBroken(notice: { seq: number; breaks: number; days: string[]; detail: string }): SetupNotice {
  return { id: `chain-${notice.seq}`, kind: 'journal_chain_broken', params: { seq: String(notice.seq), count: String(notice.breaks), days: notice.days.join(', ') }, detail: notice.detail };
}

/** What keeps a journal folder from opening, as a kind the words choose from. */
export function journalProblem(error: unknown, journalPath: string): { kind: JournalProblem; path: string; detail: string } {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  const kind: JournalProblem = code === 'ENOTDIR' || code === 'EEXIST' ? 'not_a_folder'
    : code === 'EACCES' || code === 'EPERM' ? 'no_permission'
      : code === 'ENOSPC' ? 'disk_full'
        : code === 'EROFS' ? 'read_only' : 'other';
  return { kind, path: journalPath, detail };
}
