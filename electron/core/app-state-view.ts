/**
 * What the windows are told about the whole app, open environment or not:
 * the app state, and the notices of damaged or missing files a manager must
 * read. Both are put together from parts that span environments (settings,
 * the manager PIN, the register key) and the live environment's own.
 */
import type { AppState, SetupNotice } from '../../shared/ipc/types.js';
import type { ClosedReason } from '../../shared/ipc/types.js';
import { logLine } from '../../shared/ipc/error-reasons.js';
import type { ManagerPin } from '../auth/index.js';
import type { EnvironmentConfigStore } from '../settings/environment-config.js';
import { forcedLocale } from '../settings/forced-locale.js';
import type { KeyKeeper } from '../signing/key-keeper.js';
import type { LiveEnvironment } from './app-context.js';
import { currentAppState } from './handlers/app-state.js';
import {
  journalChainBroken, managerPinMissing, managerPinUnreadable, registerCopied, registerKeyChanged, registerKeyUnavailable, registerSettingsSetAside,
} from './setup-notices.js';

export interface NoticeSources {
  dataDir: string;
  config: EnvironmentConfigStore;
  pin: ManagerPin;
  keys: KeyKeeper | null;
  live: LiveEnvironment | null;
  /** Why the saved environment could not be opened at start, if it could not. */
  journalNotice: SetupNotice | null;
}

/** What a manager must be told about damaged or missing files, as of now. */
export function setupNoticesNow(from: NoticeSources): SetupNotice[] {
  const out = [...from.config.setupNotices()];
  const problem = from.pin.problem;
  if (problem) out.push(problem.kind === 'damaged' ? managerPinUnreadable(from.dataDir, problem.keptAs) : managerPinMissing(from.dataDir));
  const ctx = from.live?.core.context;
  const settings = ctx?.settings;
  if (settings?.wasDamaged()) out.push(registerSettingsSetAside(settings.setAsideAs));
  if (settings?.becameNewFrom) out.push(registerCopied(settings.becameNewFrom));
  if (from.journalNotice) out.push(from.journalNotice);
  if (ctx) out.push(...ctx.journalGap.merge(ctx.chain.open().map((n) => ({ seq: n.seq, notice: journalChainBroken(n) }))));
  const keyLost = ctx?.keyLost;
  if (keyLost) out.push(registerKeyChanged(keyLost));
  if (from.keys?.unavailable) out.push(registerKeyUnavailable(from.keys.unavailable));
  return out;
}

/** The live environment's app state, or, with none open, a signed-out one that says why the till is closed. */
export function appStateNow(live: LiveEnvironment | null, closedReason: ClosedReason, notices: SetupNotice[]): AppState {
  const extras = { closed: live ? null : closedReason, notices };
  if (live) return { ...currentAppState(live.core.context), ...extras };
  return {
    environment: null, registerId: '', organization: null, defaultTerminalId: null, deprecations: [],
    connection: { status: 'signed_out', message: logLine('till.closed', { why: closedReason }), grantedScopes: [] },
    // No environment, so no register choice: a language forced on this computer still applies.
    language: { forced: forcedLocale(), register: null },
    ...extras,
  };
}
