/**
 * The main-process side of window.counterpay: one ipcMain handler per contract
 * method, each refusing callers other than our window's main frame before
 * anything is parsed, then handing over to dispatch(), which validates the
 * payload. Core events go back to that window only.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { METHODS, channelOf, eventChannelOf } from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/types.js';
import { dispatch } from '../core/dispatch.js';
import { toIpcError } from '../core/errors.js';
import type { Core } from '../core/types.js';
import type { Logger } from '../log.js';
import { UNTRUSTED_SENDER_RESULT, isTrustedSender, originOf, type SenderFrameInfo } from './security.js';

function senderOf(event: IpcMainInvokeEvent, win: BrowserWindow): SenderFrameInfo | null {
  const frame = event.senderFrame;
  if (!frame || win.isDestroyed()) return null;
  const main = win.webContents.mainFrame;
  const isMainFrame =
    event.sender === win.webContents &&
    frame.parent === null &&
    frame.processId === main.processId &&
    frame.routingId === main.routingId;
  return { url: frame.url, isMainFrame };
}

/** Returns a function that removes every handler again (before the core closes). */
export function registerIpc(core: Core, win: BrowserWindow, logger: Logger): () => void {
  // The main frame's address once its origin passed: every call from that page skips parsing it again.
  let trustedUrl: string | null = null;
  const trusted = (sender: SenderFrameInfo | null): boolean => {
    if (sender?.isMainFrame && sender.url === trustedUrl) return true;
    if (!sender || !isTrustedSender(sender)) return false;
    trustedUrl = sender.url;
    return true;
  };
  for (const method of METHODS) {
    ipcMain.handle(channelOf(method), (event, payload: unknown): Promise<IpcResult<unknown>> | IpcResult<never> => {
      const sender = senderOf(event, win);
      if (!trusted(sender)) {
        logger.warn('ipc refused: untrusted sender', { method, origin: sender ? originOf(sender.url) : null });
        return UNTRUSTED_SENDER_RESULT;
      }
      // dispatch already maps handler failures; this catches anything it lets through,
      // because a rejected invoke would reach the renderer as an untyped Error.
      return dispatch(core, method, payload).catch((e: unknown) => ({ ok: false, error: toIpcError(e) }) as const);
    });
  }
  return () => {
    for (const method of METHODS) ipcMain.removeHandler(channelOf(method));
  };
}

/** Returns the unsubscribe. */
export function forwardEvents(core: Core, win: BrowserWindow): () => void {
  return core.subscribe((event, payload) => {
    if (!win.isDestroyed()) win.webContents.send(eventChannelOf(event), payload);
  });
}
