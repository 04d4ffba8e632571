import type { Attempt } from '../domain/attempt.js';
import type { StaffRef } from '../domain/staff.js';
import type { DayTotals, DayView } from '../domain/day-view.js';
import type { FieldIssue } from '../result.js';
import type { Language } from '../i18n/languages.js';

export const ENVIRONMENTS = ['training', 'sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === 'string' && (ENVIRONMENTS as readonly string[]).includes(value);
}

export interface OrganizationSummary {
  id: string;
  name: string;
  slug: string;
  locale: string;
  legalCountry: string;
}

export interface DeprecationNotice {
  route: string;
  sunset: string | null;
  deprecatedSince: string | null;
  successor: string | null;
  seenAt: number;
}

/**
 * A damaged or missing file met at start-up, for the manager: what was lost
 * and how to get it back. Shown on the counter and in the settings until the
 * recovery step is done (or, for files only an administrator can restore,
 * until the next start finds them whole).
 */
export interface SetupNotice {
  id: string;
  /** What happened, worded by the renderer in the screen language (shared/i18n/notice-words.ts). */
  kind: SetupNoticeKind;
  /**
   * What the words need: `kept` (the name the damaged file was kept under, '' when
   * it could not be moved aside), `folder`, `path`, `environment`, `problem`.
   */
  params: Record<string, string>;
  /** The main process's own account (a parser error, what was invalid), for the technical details and the log. */
  detail: string;
}

export const SETUP_NOTICE_KINDS = [
  'environments_unreadable', 'environment_choice_lost', 'environments_missing', 'bank_settings_dropped',
  'manager_pin_unreadable', 'manager_pin_missing', 'register_reset', 'register_copied', 'journal_unavailable',
  'journal_file_missing', 'journal_chain_broken', 'register_key_changed', 'register_key_unavailable',
] as const;
export type SetupNoticeKind = (typeof SETUP_NOTICE_KINDS)[number];

/** Why the counter takes no sale at all: no environment is chosen, or its journal cannot be opened. */
export type ClosedReason = 'no_environment' | 'journal';

export interface AppState {
  /** Null when no environment is open: the saved choice was lost, or its journal cannot be opened (see closed). */
  environment: Environment | null;
  /** Why the counter takes no sale at all (worded by the renderer); absent or null while it works. */
  closed?: ClosedReason | null;
  /** Damaged or missing files met at start-up; absent or empty when there are none. */
  notices?: SetupNotice[];
  registerId: string;
  /** Null while signed out or before the first successful GET /v2/organization. */
  organization: OrganizationSummary | null;
  connection: { status: 'connected' | 'signed_out' | 'error'; message: string | null; grantedScopes: string[] };
  defaultTerminalId: string | null;
  deprecations: DeprecationNotice[];
  /** What picks the screen language (the renderer resolves it with the organization's locale); absent = nothing chosen. */
  language?: LanguageChoice;
  /** Store mode (registers sharing terminals through PostgreSQL); null when this register works alone. */
  store?: StoreLinkView | null;
}

/** Why a register cannot use its store, one code per cause a manager can act on (the screens word each). */
export const STORE_PROBLEM_CODES = [
  'bad_url', 'unreachable', 'wrong_password', 'no_database', 'not_a_store', 'newer_schema', 'no_privilege', 'tls', 'link_down',
  // Another computer holds this register id: this folder was copied here (it becomes a register of its own), or not.
  'register_copied', 'register_elsewhere',
] as const;
export type StoreProblemCode = (typeof STORE_PROBLEM_CODES)[number];

export interface StoreLinkView {
  /** The name people read ("Caisse 1"), shown on every screen. */
  registerName: string;
  /** down: cannot be reached now, retried; refused: a problem only a manager can fix (problem says which). */
  status: 'connecting' | 'connected' | 'down' | 'refused';
  /** Why, when not connected; null when connected or connecting. */
  problem: StoreProblemCode | null;
  /** For logs and technical details only (the screens word `problem` from the catalogs); null when connected. */
  message: string | null;
  /** A lease request given up on, or a release, not yet confirmed by the store: a terminal may look busy elsewhere meanwhile. */
  waiting: 'lease' | 'release' | null;
  /** How many seconds this register's clock is ahead of the store's (negative: behind), when more than a few; else null. */
  clockAheadSeconds: number | null;
  /**
   * The store holds records under this register's id that its journal does not (the journal restarted,
   * or its folder was copied to another computer): the numbers where the two differ. Absent or null: none.
   */
  fork?: { from: number; to: number } | null;
}

/**
 * The store as Settings shows it: never the URL (it carries the password), only what a manager
 * needs to recognise it. source: where it was set; a store set when Counterpay was started
 * (command line or environment) cannot be changed in Settings.
 */
export interface StoreSettingsView {
  source: 'none' | 'settings' | 'command_line' | 'environment';
  target: { host: string; port: number; database: string; user: string; tls: boolean } | null;
  /** The name this register goes by in the store; null until one is given. */
  registerName: string | null;
  /** The live link; null when no store is set or no environment is open. */
  link: StoreLinkView | null;
}

export interface LanguageChoice {
  /** COUNTERPAY_LOCALE as set on this computer (tests, demos); it wins over everything. */
  forced: string | null;
  /** The manager's choice for this register; null follows the organization. */
  register: Language | null;
}

export interface TerminalView {
  id: string;
  /** The hardware serial the bank lists (poi_id). */
  poiId: string;
  /** The shop's name for it, set by a manager; null until then. */
  name: string | null;
  /** When a payment was last pushed to it, from any register of the shop (ISO time). */
  lastUsedAt: string | null;
}

export interface TerminalsView {
  terminals: TerminalView[];
  /** The terminal the shop used most recently, among those listed. */
  lastUsedId: string | null;
  defaultTerminalId: string | null;
  /** The saved default is no longer in the bank's list: the cashier must pick one. */
  defaultMissing: boolean;
}

/** The register's day as listed on request: attempts, totals and the journal sequence it includes. */
export interface AttemptsView extends DayView {
  /** Journal records that could not be read (torn write after a power cut), reported, not hidden. */
  journalWarnings: string[];
}

/** What main pushes to every window after each committed journal change: the higher seq wins. */
export interface AttemptPush {
  seq: number;
  attempt: Attempt;
  totals: DayTotals;
}

export type IpcErrorCode =
  | 'invalid_request'   // the payload failed validation; nothing changed
  | 'bank_rejected'     // the bank answered 4xx
  | 'bank_unavailable'  // transport fault, 5xx, 429
  | 'not_found'
  | 'conflict'          // e.g. another attempt is active on this register
  | 'forbidden'         // scope not granted or role not allowed
  | 'signed_out'
  | 'locked'            // manager PIN required
  | 'internal';

/**
 * A refusal crossing IPC. `code` is the category the screens act on (ask the
 * PIN, offer a retry); `reason` and `params` say exactly why, for a
 * translation (the catalogs word it; shared/ipc/error-reasons.ts lists the reasons); `message` is the log's line;
 * `detail` is technical (a status, a trace id, an exception) for a manager to
 * open, and is logged. `reason` is absent only on errors the renderer makes
 * itself (a broken bridge).
 */
export interface IpcError {
  code: IpcErrorCode;
  reason?: string;
  params?: Record<string, string | number>;
  message: string;
  detail?: string;
  issues?: FieldIssue[];
  status?: number;
  traceId?: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** The environments that talk to a real bank server (training uses the embedded sandbox and needs no settings). */
export type BankEnvironment = Exclude<Environment, 'training'>;
export const BANK_ENVIRONMENTS: readonly BankEnvironment[] = ['sandbox', 'production'];

/** Non-secret connection settings of one bank environment, as saved on disk. */
export interface BankEnvironmentSettings {
  apiBaseUrl: string;
  oauthBaseUrl: string;
  clientId: string;
  /** The loopback port of the redirect URI registered at the bank (http://127.0.0.1:PORT/callback). */
  redirectPort: number;
}

/** One bank environment as the settings screen sees it: never a secret, only whether one is stored. */
export interface BankEnvironmentView {
  settings: BankEnvironmentSettings | null;
  /** Exactly what must be registered at the bank, derived from redirectPort. */
  redirectUri: string | null;
  hasClientSecret: boolean;
  /** Bank sandbox only; always false for production. */
  hasStagingToken: boolean;
  /** A sign-in is stored for this environment (it may still be refused by the bank). */
  signedIn: boolean;
}

export interface ManagerView {
  /** False on first run: manager actions are open until a PIN is set. */
  hasPin: boolean;
  /** True when manager actions are allowed now (PIN entered recently, or no PIN set). */
  unlocked: boolean;
  /** When the unlock lapses without activity (epoch ms); null when locked or no PIN is set. */
  unlockedUntil: number | null;
  /** The managers to choose from when unlocking (empty: the register's one manager PIN). */
  managers: StaffRef[];
  /** The manager whose PIN unlocked, or who is signed in at the counter; journaled with their actions. */
  by: StaffRef | null;
  /** Unlocked with the register's manager PIN, which becomes the first manager once they give their name. */
  nameFirstManager: boolean;
}

export interface VaultView {
  persistence: 'encrypted' | 'memory-only' | 'plain-text-accepted';
  /** The OS secret storage in use, e.g. 'keychain', 'dpapi', 'gnome_libsecret', 'basic_text'. */
  backend: string;
  /** For the manager; null when secrets are properly encrypted on disk. */
  reason: string | null;
  /** The OS offers only the plain-text fallback: accepting the risk would let the sign-in survive a restart. */
  plainTextOnly: boolean;
  acceptPlainTextRisk: boolean;
  /** Problems met reading the saved secrets (damaged or undecryptable entries). */
  warnings: string[];
}

export interface SettingsView {
  /** The live environment (the one the banner shows); null while none is open. */
  environment: Environment | null;
  environments: Record<BankEnvironment, BankEnvironmentView>;
  connection: AppState['connection'];
  /** A sign-in is waiting for the browser to come back. */
  signInPending: boolean;
  manager: ManagerView;
  vault: VaultView;
  /** Store mode for the live environment. */
  store: StoreSettingsView;
}
