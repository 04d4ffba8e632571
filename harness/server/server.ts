/**
 * The browser harness: the real renderer served to any browser on loopback,
 * backed by the real main-process core through the same dispatch the Electron
 * IPC uses. Dev and test tooling only: never part of the packaged app. Only
 * the page it serves may drive it (guard.ts says why and how).
 */
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { dispatch } from '../../electron/core/dispatch.js';
import type { Core } from '../../electron/core/types.js';
import { newHarnessSecret, refusalReason } from './guard.js';
import { readRendererFile } from './static.js';
import { EVENTS_SENT_HEADER } from '../browser/event-order.js';

export interface TestControls {
  advanceClock(ms: number): void;
  setNetworkDown(down: boolean): void;
  /** The last URL the core asked the system browser to open (the bank's sign-in page), for a test to visit. */
  lastExternalUrl?(): string | null;
}

export interface HarnessOptions {
  core: Core;
  rendererDir: string;
  port?: number;
  /** Only for tests: clock and network switches under /__harness/. */
  controls?: TestControls;
}

const MAX_BODY = 64 * 1024;
/** Not a core event: the bridge reloads the page when it sees it. */
export const DEV_RELOAD_EVENT = 'devReload';

export interface Harness {
  url: string;
  server: Server;
  /** `npm run dev`: tells every open page to reload (the renderer was rebuilt). */
  reloadPages(): void;
  close(): Promise<void>;
}

export async function startHarnessServer(opts: HarnessOptions): Promise<Harness> {
  const bridgeJs = await buildBridge();
  const secret = newHarnessSecret();
  const streams = new Set<ServerResponse>();
  // Electron hands a window its events and its answers down one ordered pipe; here they travel apart (a
  // stream and one request each). Each event is numbered and each answer names the last number sent before
  // it, so the page hears every event a change caused before the caller hears the answer (bridge.ts).
  let eventSeq = 0;
  const unsubscribe = opts.core.subscribe((event, payload) => {
    const line = `data: ${JSON.stringify({ seq: ++eventSeq, event, payload })}\n\n`;
    for (const s of streams) s.write(line);
  });

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => send(res, 500, 'text/plain', `harness error: ${String(e)}`));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isLoopbackHost(req.headers.host)) return send(res, 421, 'text/plain', 'loopback only');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/bridge/') || url.pathname.startsWith('/__harness/')) {
      const refused = refusalReason(req, url, secret);
      if (refused) {
        // Nothing is dispatched; the body is drained unread so the answer is not cut off by a reset.
        req.resume();
        await new Promise((done) => (req.readableEnded ? done(null) : req.once('end', done).once('error', done)));
        return send(res, 403, 'text/plain', `refused: ${refused}`);
      }
    }
    if (req.method === 'POST' && url.pathname.startsWith('/bridge/')) {
      const payload = await readJson(req);
      const result = payload.ok ? await dispatch(opts.core, url.pathname.slice('/bridge/'.length), payload.value)
        : { ok: false, error: { code: 'invalid_request', message: payload.message } };
      return send(res, 200, 'application/json', JSON.stringify(result), { [EVENTS_SENT_HEADER]: String(eventSeq) });
    }
    if (req.method === 'GET' && url.pathname === '/bridge/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      // Where this stream starts: events numbered up to here were before this page listened.
      res.write(`data: ${JSON.stringify({ seq: eventSeq })}\n\n`);
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    if (url.pathname.startsWith('/__harness/')) return handleControl(req, res, url.pathname);
    if (req.method !== 'GET') return send(res, 405, 'text/plain', 'method not allowed');
    if (url.pathname === '/harness-bridge.js') return send(res, 200, 'text/javascript; charset=utf-8', bridgeJs);
    const file = await readRendererFile(opts.rendererDir, url.pathname, secret);
    if (!file) return send(res, 404, 'text/plain', 'not found (did `npm run build:renderer` run?)');
    return send(res, 200, file.type, file.body);
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const controls = opts.controls;
    if (controls?.lastExternalUrl && req.method === 'GET' && path === '/__harness/external-url') {
      return send(res, 200, 'application/json', JSON.stringify({ url: controls.lastExternalUrl() }));
    }
    if (!controls || req.method !== 'POST') return send(res, 404, 'text/plain', 'test controls are off');
    const body = await readJson(req);
    const v = body.ok && typeof body.value === 'object' && body.value !== null ? (body.value as Record<string, unknown>) : {};
    if (path === '/__harness/clock' && typeof v.advance_ms === 'number' && v.advance_ms >= 0) {
      controls.advanceClock(v.advance_ms);
    } else if (path === '/__harness/network' && typeof v.down === 'boolean') {
      controls.setNetworkDown(v.down);
    } else {
      return send(res, 400, 'application/json', JSON.stringify({ error: 'expected {advance_ms:N} at /__harness/clock or {down:boolean} at /__harness/network' }));
    }
    return send(res, 200, 'application/json', '{"ok":true}');
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    server,
    reloadPages: () => {
      for (const s of streams) s.write(`data: ${JSON.stringify({ event: DEV_RELOAD_EVENT })}\n\n`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        for (const s of streams) s.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...extra,
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // Another page must not frame the till and have someone click Charge through it (a meta CSP cannot say this).
    'x-frame-options': 'DENY',
    'content-security-policy': "frame-ancestors 'none'",
  });
  res.end(body);
}

function isLoopbackHost(host: string | undefined): boolean {
  return !!host && /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host);
}

async function readJson(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return { ok: false, message: 'request body too large' };
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: 'request body is not valid JSON' };
  }
}

async function buildBridge(): Promise<string> {
  const out = await build({
    entryPoints: [new URL('../browser/bridge.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
  });
  return out.outputFiles[0]?.text ?? '';
}
