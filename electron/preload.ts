/**
 * The whole surface the renderer gets: window.counterpay, one function per
 * contract method plus `on` for the listed events. ipcRenderer itself, and any
 * generic invoke/send taking a channel name, never cross the bridge, so a
 * compromised page can only call what the contract allows (and main still
 * validates the sender and every payload).
 *
 * Runs sandboxed: esbuild bundles it into one CommonJS file whose only
 * require() is 'electron' (scripts/build-electron.mjs checks that).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  EVENT_NAMES,
  channelOf,
  eventChannelOf,
  type CounterpayApi,
  type EventName,
  type Events,
  type Method,
  type Req,
  type Res,
} from '../shared/ipc/contract.js';
import type { IpcResult } from '../shared/ipc/types.js';

const invoker =
  <M extends Method>(method: M) =>
  (req: Req<M>): Promise<IpcResult<Res<M>>> =>
    ipcRenderer.invoke(channelOf(method), req) as Promise<IpcResult<Res<M>>>;

function on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
  if (!EVENT_NAMES.includes(event)) throw new TypeError(`counterpay.on: unknown event "${String(event)}"`);
  if (typeof listener !== 'function') throw new TypeError('counterpay.on: listener must be a function');
  const channel = eventChannelOf(event);
  // The IpcRendererEvent (which holds a reference to ipcRenderer) is dropped here.
  const wrapped = (_e: IpcRendererEvent, payload: Events[E]) => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

// Spelled out rather than generated from METHODS so `satisfies` proves the
// object has exactly the contract's methods, each with its request/response types.
const api = {
  getAppState: invoker('getAppState'),
  listTerminals: invoker('listTerminals'),
  setDefaultTerminal: invoker('setDefaultTerminal'),
  charge: invoker('charge'),
  resendAttempt: invoker('resendAttempt'),
  recheckAttempt: invoker('recheckAttempt'),
  retryAttempt: invoker('retryAttempt'),
  abandonAttempt: invoker('abandonAttempt'),
  listAttempts: invoker('listAttempts'),
  getOrganization: invoker('getOrganization'),
  listCards: invoker('listCards'),
  renameCard: invoker('renameCard'),
  setCardRestrictions: invoker('setCardRestrictions'),
  lockCard: invoker('lockCard'),
  unlockCard: invoker('unlockCard'),
  reportCardLost: invoker('reportCardLost'),
  listClients: invoker('listClients'),
  getClient: invoker('getClient'),
  createClient: invoker('createClient'),
  getSettings: invoker('getSettings'),
  saveEnvironmentSettings: invoker('saveEnvironmentSettings'),
  switchEnvironment: invoker('switchEnvironment'),
  signIn: invoker('signIn'),
  cancelSignIn: invoker('cancelSignIn'),
  signOut: invoker('signOut'),
  unlockManager: invoker('unlockManager'),
  lockManager: invoker('lockManager'),
  setManagerPin: invoker('setManagerPin'),
  setAcceptPlainTextRisk: invoker('setAcceptPlainTextRisk'),
  journalHistory: invoker('journalHistory'),
  exportJournalCsv: invoker('exportJournalCsv'),
  closeDay: invoker('closeDay'),
  correctDay: invoker('correctDay'),
  on,
} satisfies CounterpayApi;

contextBridge.exposeInMainWorld('counterpay', api);
