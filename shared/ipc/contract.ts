/**
 * The IPC contract: one row per capability, holding its whole policy (request
 * schema, bank scope, manager-only, level). The preload exposes exactly these
 * methods, dispatch() applies each row before a handler sees the request, and
 * the browser harness serves the same table over HTTP. Nothing else lists methods.
 */
import type { Attempt } from '../domain/attempt.js';
import type { AccessView } from '../domain/access.js';
import type { Card, CardFilterChoices, Client, Organization, Page } from '../domain/bank.js';
import type { HistoryView } from '../domain/day-report.js';
import type { AppState, AttemptPush, AttemptsView, IpcResult, ManagerView, SettingsView, TerminalsView } from './types.js';
import type { TerminalLeasesView } from './terminal-leases.js';
import * as r from './requests.js';
import * as rr from './receipt-requests.js';
import * as mr from './money-requests.js';
import * as cr from './closing-requests.js';
import type { ClosingsView } from '../domain/closings.js';
import * as ar from './archive-requests.js';
import * as sr from './shift-requests.js';
import type { ShiftReport } from '../domain/shift-report.js';
import * as stf from './staff-requests.js';
import type { StaffView } from './staff-requests.js';
import type { ReceiptMailStatus, ReceiptPaper, ReceiptSettingsView, ReceiptView } from '../domain/receipt.js';
import type { InferOutput, GenericSchema } from 'valibot';

export type { AttemptRef, CardRef, ChargeRequest, CloseDayRequest, CorrectDayRequest, PinRequest, ResolveRequest, ChargeAgainRequest, SaveEnvironmentSettingsRequest } from './requests.js';
/** The accountant's file: text for the CSVs, base64 for the workbook (IPC carries it as text). */
export interface JournalExport { fileName: string; mime: string; content: string; encoding: 'utf8' | 'base64'; rows: number; damaged: number }
/** What the counter needs before a sale is paid: the paper, and whether the receipt prints by itself. */
export interface ReceiptPrinting { paper: ReceiptPaper; autoPrint: boolean }
/** The print job as the printer was given it. */
export interface PrintedReceipt { paper: ReceiptPaper; printer: string | null; silent: boolean }

/** The bank permissions (OAuth scopes) a method can need. */
export type Scope = 'organization.read' | 'terminal.read' | 'terminal.write' | 'card.read' | 'card.write' | 'client.read' | 'client.write';

/** Phantom marker carrying a method's answer type (nothing at run time). */
export interface Answer<T> { readonly answer?: T }
const res = <T>(): Answer<T> => ({});

/**
 * A method's whole policy. manager: only with the manager PIN (dispatch asks
 * the gate first). scope: the bank permission it needs, checked before the
 * handler runs. level: 'app' methods span every environment (settings,
 * sign-in, the PIN); 'environment' methods run on the live environment.
 */
export interface Row {
  request: GenericSchema;
  res: Answer<unknown>;
  scope: Scope | null;
  manager: boolean;
  level: 'app' | 'environment';
}

// Adding a method: one row here, its handler in electron/core/handlers/, and one line in the preload.
export const CONTRACT = {
  getAppState:             { request: r.none,                    res: res<AppState>(),      scope: null,                manager: false, level: 'environment' },
  listTerminals:           { request: r.none,                    res: res<TerminalsView>(), scope: 'terminal.read',     manager: false, level: 'environment' },
  listTerminalLeases:      { request: r.none,                    res: res<TerminalLeasesView>(), scope: null,           manager: false, level: 'environment' },
  setDefaultTerminal:      { request: r.terminalRef,             res: res<TerminalsView>(), scope: 'terminal.read',     manager: true,  level: 'environment' },
  setTerminalName:         { request: r.terminalName,            res: res<TerminalsView>(), scope: 'terminal.read',     manager: true,  level: 'environment' },
  setRegisterLanguage:     { request: r.languageChoice,          res: res<AppState>(),      scope: null,                manager: true,  level: 'environment' },
  charge:                  { request: r.chargeRequest,           res: res<Attempt>(),       scope: 'terminal.write',    manager: false, level: 'environment' },
  resend:                  { request: r.attemptRef,              res: res<Attempt>(),       scope: 'terminal.write',    manager: false, level: 'environment' },
  checkAgain:              { request: r.attemptRef,              res: res<Attempt>(),       scope: 'terminal.read',     manager: false, level: 'environment' },
  tryAgain:                { request: r.attemptRef,              res: res<Attempt>(),       scope: 'terminal.write',    manager: false, level: 'environment' },
  chargeAgain:             { request: r.chargeAgainRequest,      res: res<Attempt>(),       scope: 'terminal.write',    manager: false, level: 'environment' },
  abandon:                 { request: r.attemptRef,              res: res<Attempt>(),       scope: null,                manager: false, level: 'environment' },
  listAttempts:            { request: r.none,                    res: res<AttemptsView>(),  scope: null,                manager: false, level: 'environment' },
  resolve:                 { request: r.resolveRequest,          res: res<Attempt>(),       scope: null,                manager: true,  level: 'environment' },
  askBank:                 { request: r.attemptRef,              res: res<Attempt>(),       scope: 'terminal.write',    manager: true,  level: 'environment' },
  getAccess:               { request: r.none,                    res: res<AccessView>(),    scope: null,                manager: false, level: 'environment' },
  getOrganization:         { request: r.organizationRequest,     res: res<Organization>(),  scope: 'organization.read', manager: true,  level: 'environment' },
  listCards:               { request: r.cardListQuery,           res: res<Page<Card>>(),    scope: 'card.read',         manager: true,  level: 'environment' },
  getCardFilterChoices:    { request: r.none,                    res: res<CardFilterChoices>(), scope: 'card.read',     manager: true,  level: 'environment' },
  renameCard:              { request: r.renameCard,              res: res<Card>(),          scope: 'card.write',        manager: true,  level: 'environment' },
  setCardRestrictions:     { request: r.cardRestrictions,        res: res<Card>(),          scope: 'card.write',        manager: true,  level: 'environment' },
  lockCard:                { request: r.cardRef,                 res: res<Card>(),          scope: 'card.write',        manager: true,  level: 'environment' },
  unlockCard:              { request: r.cardRef,                 res: res<Card>(),          scope: 'card.write',        manager: true,  level: 'environment' },
  reportCardLost:          { request: r.cardRef,                 res: res<Card>(),          scope: 'card.write',        manager: true,  level: 'environment' },
  listClients:             { request: r.clientListQuery,         res: res<Page<Client>>(),  scope: 'client.read',       manager: true,  level: 'environment' },
  getClient:               { request: r.clientRef,               res: res<Client>(),        scope: 'client.read',       manager: true,  level: 'environment' },
  createClient:            { request: r.clientCreate,            res: res<Client>(),        scope: 'client.write',      manager: true,  level: 'environment' },
  journalHistory:          { request: r.historyQuery,            res: res<HistoryView>(),   scope: null,                manager: true,  level: 'environment' },
  exportJournal:           { request: r.journalExport,           res: res<JournalExport>(), scope: null,                manager: true,  level: 'environment' },
  shiftReport:             { request: sr.shiftQuery,             res: res<ShiftReport>(),   scope: null,                manager: false, level: 'environment' },
  closeDay:                { request: r.closeDayRequest,         res: res<HistoryView>(),   scope: null,                manager: true,  level: 'environment' },
  correctDay:              { request: r.correctDayRequest,       res: res<HistoryView>(),   scope: null,                manager: true,  level: 'environment' },
  listClosings:            { request: r.none,                    res: res<ClosingsView>(),  scope: null,                manager: true,  level: 'environment' },
  closePeriod:             { request: cr.closePeriodRequest,     res: res<ClosingsView>(),  scope: null,                manager: true,  level: 'environment' },
  openReceipt:             { request: rr.receiptRef,             res: res<ReceiptView>(),   scope: null,                manager: false, level: 'environment' },
  printReceipt:            { request: rr.printReceipt,           res: res<PrintedReceipt>(), scope: null,               manager: false, level: 'environment' },
  emailReceipt:            { request: rr.emailReceipt,           res: res<ReceiptMailStatus>(), scope: null,            manager: false, level: 'environment' },
  receiptMailStatus:       { request: rr.receiptRef,             res: res<ReceiptMailStatus | null>(), scope: null,     manager: false, level: 'environment' },
  openRefundReceipt:       { request: rr.refundReceiptRef,       res: res<ReceiptView>(),   scope: null,                manager: false, level: 'environment' },
  emailRefundReceipt:      { request: rr.emailRefundReceipt,     res: res<ReceiptMailStatus>(), scope: null,            manager: false, level: 'environment' },
  refundReceiptMailStatus: { request: rr.refundReceiptRef,       res: res<ReceiptMailStatus | null>(), scope: null,     manager: false, level: 'environment' },
  receiptPrinting:         { request: r.none,                    res: res<ReceiptPrinting>(), scope: null,              manager: false, level: 'environment' },
  getReceiptSettings:      { request: r.none,                    res: res<ReceiptSettingsView>(), scope: null,          manager: true,  level: 'environment' },
  saveReceiptSettings:     { request: rr.receiptSettings,        res: res<ReceiptSettingsView>(), scope: null,          manager: true,  level: 'environment' },
  recordRefund:            { request: mr.refundRequest,          res: res<HistoryView>(),   scope: null,                manager: true,  level: 'environment' },
  settleByHand:            { request: mr.settleRequest,          res: res<HistoryView>(),   scope: null,                manager: true,  level: 'environment' },
  acknowledgeChainBreak:   { request: r.acknowledgeChainBreak,   res: res<AppState>(),      scope: null,                manager: true,  level: 'environment' },
  archiveJournal:          { request: ar.archiveRequest,         res: res<ar.JournalArchive>(), scope: null,            manager: true,  level: 'environment' },
  getSigningKey:           { request: r.none,                    res: res<ar.SigningKeyView>(), scope: null,            manager: true,  level: 'environment' },
  changeSigningKey:        { request: ar.keyChangeRequest,       res: res<ar.SigningKeyView>(), scope: null,            manager: true,  level: 'environment' },
  getSettings:             { request: r.none,                    res: res<SettingsView>(),  scope: null,                manager: true,  level: 'app' },
  saveEnvironmentSettings: { request: r.saveEnvironmentSettings, res: res<SettingsView>(),  scope: null,                manager: true,  level: 'app' },
  switchEnvironment:       { request: r.environmentRef,          res: res<SettingsView>(),  scope: null,                manager: true,  level: 'app' },
  signIn:                  { request: r.signInRequest,           res: res<SettingsView>(),  scope: null,                manager: true,  level: 'app' },
  cancelSignIn:            { request: r.none,                    res: res<SettingsView>(),  scope: null,                manager: false, level: 'app' },
  signOut:                 { request: r.none,                    res: res<SettingsView>(),  scope: null,                manager: true,  level: 'app' },
  setManagerPin:           { request: r.pinRequest,              res: res<SettingsView>(),  scope: null,                manager: true,  level: 'app' },
  setAcceptPlainTextRisk:  { request: r.acceptRisk,              res: res<SettingsView>(),  scope: null,                manager: true,  level: 'app' },
  saveStoreSettings:       { request: r.storeSettings,           res: res<SettingsView>(),  scope: null,                manager: true,  level: 'app' },
  stopUsingStore:          { request: r.none,                    res: res<SettingsView>(),  scope: null,                manager: true,  level: 'app' },
  getManagerView:          { request: r.none,                    res: res<ManagerView>(),   scope: null,                manager: false, level: 'app' },
  unlockManager:           { request: stf.unlockRequest,         res: res<ManagerView>(),   scope: null,                manager: false, level: 'app' },
  nameFirstManager:        { request: stf.firstManagerName,      res: res<ManagerView>(),   scope: null,                manager: true,  level: 'app' },
  getStaff:                { request: r.none,                    res: res<StaffView>(),     scope: null,                manager: false, level: 'app' },
  addStaff:                { request: stf.staffAdd,              res: res<StaffView>(),     scope: null,                manager: true,  level: 'app' },
  editStaff:               { request: stf.staffEdit,             res: res<StaffView>(),     scope: null,                manager: true,  level: 'app' },
  setStaffActive:          { request: stf.staffActive,           res: res<StaffView>(),     scope: null,                manager: true,  level: 'app' },
  setIdleMinutes:          { request: stf.idleMinutes,           res: res<StaffView>(),     scope: null,                manager: true,  level: 'app' },
  signInStaff:             { request: stf.staffSignIn,           res: res<StaffView>(),     scope: null,                manager: false, level: 'app' },
  signOutStaff:            { request: stf.staffSignOut,          res: res<StaffView>(),     scope: null,                manager: false, level: 'app' },
  lockManager:             { request: r.none,                    res: res<ManagerView>(),   scope: null,                manager: false, level: 'app' },
} as const satisfies Record<string, Row>;

export type Contract = typeof CONTRACT;
export type Method = keyof Contract;
export type Req<M extends Method> = InferOutput<Contract[M]['request']>;
export type Res<M extends Method> = Contract[M]['res'] extends Answer<infer T> ? T : never;
/** The methods answered at one level (app-core itself, or the live environment's core). */
export type MethodAt<L extends Row['level']> = { [M in Method]: Contract[M]['level'] extends L ? M : never }[Method];

export const METHODS = Object.keys(CONTRACT) as Method[];

export function isMethod(name: string): name is Method {
  return Object.prototype.hasOwnProperty.call(CONTRACT, name);
}

export function channelOf(method: Method): string {
  return `counterpay:${method}`;
}

/** Events main pushes to the renderer. */
export interface Events {
  /** After each committed journal change: {seq, attempt, day totals}; the higher seq wins. */
  attemptUpdated: AttemptPush;
  /** At local midnight: the new day's whole view. */
  dayChanged: AttemptsView;
  terminalsChanged: TerminalsView;
  appStateChanged: AppState;
  /** The manager view locked or unlocked (by the PIN, the lock key, or idle time). */
  managerChanged: ManagerView;
  /** Who is selling changed (a sign-in, a sign-out, the idle lock), or the staff list did. */
  staffChanged: StaffView;
}
export type EventName = keyof Events;
export const EVENT_NAMES: readonly EventName[] = ['attemptUpdated', 'dayChanged', 'terminalsChanged', 'appStateChanged', 'managerChanged', 'staffChanged'];
export const eventChannelOf = (name: EventName): string => `counterpay:event:${name}`;

/** What the renderer sees as window.counterpay: one method per capability, plus event subscriptions. */
export type CounterpayApi = { [M in Method]: (req: Req<M>) => Promise<IpcResult<Res<M>>> } & {
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};

export type Handlers = { [M in Method]: (req: Req<M>) => Promise<Res<M>> };
