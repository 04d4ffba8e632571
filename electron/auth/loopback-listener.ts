/**
 * One-shot HTTP listener on 127.0.0.1 that receives the OAuth redirect
 * (RFC 8252 §7.3). It settles exactly once: with the code, with the bank's
 * error, on timeout, or when closed. A callback whose `state` is not ours did
 * not come from the bank's redirect for this sign-in: any local page can send
 * one, so it is answered with an error page and ignored, and listening goes on
 * until the real one or the timeout. Requests to other paths (the browser's
 * favicon probe) are answered 404 and ignored.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock, type TimerHandle } from '../../shared/clock.js';
import { failurePage, notFoundPage, successPage } from './callback-page.js';
import type { DisplayLanguage } from '../../shared/i18n/languages.js';
import {
  AuthError, AuthorizationDeniedError, InvalidCallbackError, ListenerClosedError, ListenerTimeoutError,
  PortInUseError, StateMismatchError,
} from './errors.js';

export const DEFAULT_LISTENER_TIMEOUT_MS = 5 * 60_000;

export interface LoopbackListenerOptions {
  /** The registered redirect port; 0 picks a free one (tests only: the bank needs a fixed port). */
  port: number;
  /** Path of the registered redirect URI. */
  path?: string;
  expectedState: string;
  timeoutMs?: number;
  clock?: Clock;
  /** The language of the pages the browser shows (the register's). */
  language?: DisplayLanguage;
  /**
   * Runs with the code before the browser gets its page (the token exchange): the page says
   * "signed in" only if it resolved, else the failure, so the browser never announces a
   * sign-in the app then refuses. Its AuthError becomes the result's.
   */
  verify?: (code: string) => Promise<void>;
}

export interface LoopbackListener {
  /** The port actually bound. */
  readonly port: number;
  /** Settles once; rejects with an AuthError subclass. Safe to leave unobserved. */
  readonly result: Promise<{ code: string }>;
  /** Stops listening; a pending result rejects with ListenerClosedError. */
  close(): Promise<void>;
}

type Outcome = { ok: true; code: string } | { ok: false; error: AuthError };

/** Reads the callback query. State is checked first: an answer with a foreign state is not trusted at all, not even its error. */
export function readCallback(query: URLSearchParams, expectedState: string): Outcome {
  const state = query.get('state');
  if (state === null || state !== expectedState) return { ok: false, error: new StateMismatchError() };
  const error = query.get('error');
  if (error !== null) return { ok: false, error: new AuthorizationDeniedError(error, query.get('error_description')) };
  const code = query.get('code');
  if (!code) return { ok: false, error: new InvalidCallbackError('it carried neither a code nor an error') };
  return { ok: true, code };
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(e.code === 'EADDRINUSE' || e.code === 'EACCES' ? new PortInUseError(port, e) : e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ port, host: '127.0.0.1', exclusive: true });
  });
}

export async function startLoopbackListener(options: LoopbackListenerOptions): Promise<LoopbackListener> {
  const path = options.path ?? '/callback';
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? DEFAULT_LISTENER_TIMEOUT_MS;

  let settle!: (outcome: Outcome) => void;
  const result = new Promise<{ code: string }>((resolve, reject) => {
    settle = (o) => (o.ok ? resolve({ code: o.code }) : reject(o.error));
  });
  // The owner may close without awaiting the result; that must not crash the process.
  result.catch(() => undefined);

  // Set once a callback was read; its page may still be flushing before the result settles.
  let answered = false;
  let timer: TimerHandle | null = null;
  let closed: Promise<void> | null = null;
  const server = createServer((req, res) => handle(req, res));

  const finish = (outcome: Outcome): Promise<void> => {
    if (closed) return closed;
    answered = true;
    timer?.cancel();
    settle(outcome);
    closed = new Promise((resolve) => {
      server.close(() => resolve());
      // Browsers keep connections alive; drop them so close() completes now.
      server.closeIdleConnections();
    });
    return closed;
  };

  const reply = (res: ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
    res.end(html);
  };

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== path || answered) {
      reply(res, 404, notFoundPage(options.language));
      return;
    }
    const outcome = readCallback(url.searchParams, options.expectedState);
    if (!outcome.ok && outcome.error instanceof StateMismatchError) {
      // Not this sign-in's redirect: a stray tab or a page trying to end the manager's sign-in.
      reply(res, 400, failurePage(outcome.error.code, options.language));
      return;
    }
    answered = true;
    void verified(outcome).then((checked) => {
      if (closed) return void res.destroy(); // cancelled meanwhile: the result already says so
      const html = checked.ok ? successPage(options.language) : failurePage(checked.error.code, options.language);
      // Settle once the page is flushed (or the browser went away) so it is not cut off by the close.
      res.once('close', () => void finish(checked));
      reply(res, checked.ok ? 200 : 400, html);
    });
  }

  async function verified(outcome: Outcome): Promise<Outcome> {
    if (!outcome.ok || !options.verify) return outcome;
    try {
      await options.verify(outcome.code);
      return outcome;
    } catch (e) {
      return { ok: false, error: e instanceof AuthError ? e : new InvalidCallbackError(e instanceof Error ? e.message : String(e)) };
    }
  }

  await listen(server, options.port);
  const port = (server.address() as AddressInfo).port;
  timer = clock.setTimer(timeoutMs, () => void finish({ ok: false, error: new ListenerTimeoutError(timeoutMs) }));

  return {
    port,
    result,
    close: () => {
      // A browser still waiting for its page (an exchange in progress) must not hold a cancel up.
      const done = finish({ ok: false, error: new ListenerClosedError() });
      server.closeAllConnections();
      return done;
    },
  };
}
