/**
 * The IPC contract: one row per capability. The preload exposes exactly these
 * methods, the main process validates every request against this table before
 * a handler sees it, and the browser harness serves the same table over HTTP.
 */
import type { Attempt } from '../domain/attempt.js';
import type { Card, CardListQuery, Client, ClientCreateBody, ClientListQuery, Organization, Page } from '../domain/bank.js';
import type { JsonObject } from '../json.js';
import type { DayRange, HistoryQuery, HistoryView } from '../domain/day-report.js';
import type { Validated } from '../result.js';
import type { AppState, AttemptsView, BankEnvironment, Environment, IpcResult, SettingsView, TerminalsView } from './types.js';
import * as v from './validators.js';

export interface ChargeRequest {
  terminalId: string;
  amountMinor: number;
  currency: 'EUR';
  metadata: JsonObject;
  /** Store mode with the store unreachable: the cashier looked and the terminal shows no other payment. */
  confirmedTerminalFree?: boolean;
}
export interface AttemptRef { attemptId: string }
export interface RetryRequest extends AttemptRef {
  /** Required for a timed-out attempt: the cashier looked at the terminal and saw no payment. */
  confirmedNoPayment: boolean;
}
export interface CardRef { cardId: string }

/**
 * Saves one bank environment's settings. Secrets are write-only: omitted means
 * "keep the stored one"; stagingToken null removes it (bank sandbox only).
 */
export interface SaveEnvironmentSettingsRequest {
  environment: BankEnvironment;
  apiBaseUrl: string;
  oauthBaseUrl: string;
  clientId: string;
  redirectPort: number;
  clientSecret?: string;
  stagingToken?: string | null;
}
export interface PinRequest { pin: string }
export interface CloseDayRequest { day: string; closedBy: string }
export interface CorrectDayRequest { day: string; by: string; note: string }
export interface JournalCsv { fileName: string; csv: string; rows: number; damaged: number }

export interface Contract {
  getAppState: { req: void; res: AppState };
  listTerminals: { req: void; res: TerminalsView };
  setDefaultTerminal: { req: { terminalId: string }; res: TerminalsView };
  charge: { req: ChargeRequest; res: Attempt };
  resendAttempt: { req: AttemptRef; res: Attempt };
  recheckAttempt: { req: AttemptRef; res: Attempt };
  retryAttempt: { req: RetryRequest; res: Attempt };
  abandonAttempt: { req: AttemptRef; res: Attempt };
  listAttempts: { req: void; res: AttemptsView };
  getOrganization: { req: void; res: Organization };
  listCards: { req: CardListQuery; res: Page<Card> };
  renameCard: { req: CardRef & { nickname: string }; res: Card };
  setCardRestrictions: { req: CardRef & { active_days: number[]; categories: string[] }; res: Card };
  lockCard: { req: CardRef; res: Card };
  unlockCard: { req: CardRef; res: Card };
  reportCardLost: { req: CardRef; res: Card };
  listClients: { req: ClientListQuery; res: Page<Client> };
  getClient: { req: { clientId: string }; res: Client };
  createClient: { req: ClientCreateBody; res: Client };
  getSettings: { req: void; res: SettingsView };
  saveEnvironmentSettings: { req: SaveEnvironmentSettingsRequest; res: SettingsView };
  switchEnvironment: { req: { environment: Environment }; res: SettingsView };
  signIn: { req: void; res: SettingsView };
  cancelSignIn: { req: void; res: SettingsView };
  signOut: { req: void; res: SettingsView };
  unlockManager: { req: PinRequest; res: SettingsView };
  lockManager: { req: void; res: SettingsView };
  setManagerPin: { req: PinRequest; res: SettingsView };
  setAcceptPlainTextRisk: { req: { accept: boolean }; res: SettingsView };
  journalHistory: { req: HistoryQuery; res: HistoryView };
  exportJournalCsv: { req: DayRange; res: JournalCsv };
  closeDay: { req: CloseDayRequest; res: HistoryView };
  correctDay: { req: CorrectDayRequest; res: HistoryView };
}

export type Method = keyof Contract;
export type Req<M extends Method> = Contract[M]['req'];
export type Res<M extends Method> = Contract[M]['res'];

export const requestValidators: { [M in Method]: (input: unknown) => Validated<Req<M>> } = {
  getAppState: v.empty,
  listTerminals: v.empty,
  setDefaultTerminal: v.terminalRef,
  charge: v.chargeRequest,
  resendAttempt: v.attemptRef,
  recheckAttempt: v.attemptRef,
  retryAttempt: v.retryRequest,
  abandonAttempt: v.attemptRef,
  listAttempts: v.empty,
  getOrganization: v.empty,
  listCards: v.cardListQuery,
  renameCard: v.renameCard,
  setCardRestrictions: v.cardRestrictions,
  lockCard: v.cardRef,
  unlockCard: v.cardRef,
  reportCardLost: v.cardRef,
  listClients: v.clientListQuery,
  getClient: v.clientRef,
  createClient: v.clientCreate,
  getSettings: v.empty,
  saveEnvironmentSettings: v.saveEnvironmentSettings,
  switchEnvironment: v.environmentRef,
  signIn: v.empty,
  cancelSignIn: v.empty,
  signOut: v.empty,
  unlockManager: v.pinRequest,
  lockManager: v.empty,
  setManagerPin: v.pinRequest,
  setAcceptPlainTextRisk: v.acceptRisk,
  journalHistory: v.historyQuery,
  exportJournalCsv: v.dayRange,
  closeDay: v.closeDayRequest,
  correctDay: v.correctDayRequest,
};

export const METHODS = Object.keys(requestValidators) as Method[];

export function channelOf(method: Method): string {
  return `counterpay:${method}`;
}

/** Events main pushes to the renderer. */
export interface Events {
  attemptUpdated: Attempt;
  terminalsChanged: TerminalsView;
  appStateChanged: AppState;
}
export type EventName = keyof Events;
export const EVENT_NAMES: readonly EventName[] = ['attemptUpdated', 'terminalsChanged', 'appStateChanged'];
export const eventChannelOf = (name: EventName): string => `counterpay:event:${name}`;

/** What the renderer sees as window.counterpay: one method per capability, plus event subscriptions. */
export type CounterpayApi = { [M in Method]: (req: Req<M>) => Promise<IpcResult<Res<M>>> } & {
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};

export type Handlers = { [M in Method]: (req: Req<M>) => Promise<Res<M>> };
