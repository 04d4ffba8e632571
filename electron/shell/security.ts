/**
 * Every security decision of the Electron shell, as pure functions: main.ts,
 * window.ts and app-protocol.ts only wire them to Electron events, so each
 * rule is unit-tested in plain Node (security.test.ts never loads Electron).
 * Type-only Electron imports are erased at build time.
 */
import path from 'node:path';
import type { Privileges } from 'electron';
import type { IpcResult } from '../../shared/ipc/types.js';
import { windowsDeviceSegment } from '../fs/windows-names.js';

/**
 * The renderer is served from a custom scheme rather than file:// so it gets a
 * real, narrow origin: CSP 'self' means "our bundle only", and no page can
 * read arbitrary files from disk by URL.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'counterpay';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * standard: relative URLs, 'self' and origins work like https; secure: the
 * page is a secure context; supportFetchAPI + corsEnabled: Vite's
 * `<script type="module" crossorigin>` loads through CORS. No bypassCSP, no
 * service workers, no extensions.
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  corsEnabled: true,
} as const satisfies Privileges;

/**
 * Sent as a response header on everything the app scheme serves. The renderer's
 * index.html carries the same policy in a meta tag; both are enforced, so
 * they must agree. The header adds what a meta tag cannot express.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Origin of a URL as "scheme://host[:port]", or null when it cannot be parsed.
 * Node's URL reports an opaque origin ("null") for schemes it does not know,
 * such as app:, so the origin is rebuilt from its parts. A URL carrying
 * credentials has no trustworthy origin.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username !== '' || parsed.password !== '' || parsed.host === '') return null;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

export function isAppUrl(url: string): boolean {
  return originOf(url) === APP_ORIGIN;
}

/** will-navigate / will-redirect / will-frame-navigate: only within our own origin. */
export function isAllowedNavigation(url: string): boolean {
  return isAppUrl(url);
}

/**
 * What a window.open / target=_blank may do: never a new Electron window; an
 * https link (e.g. the bank's help pages) goes to the system browser; any
 * other scheme (file:, javascript:, custom handlers, plain http) is dropped.
 * Returns the URL to hand to shell.openExternal, or null.
 */
export function externalUrlToOpen(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return null;
  return parsed.href;
}

export interface SenderFrameInfo {
  url: string;
  /** True only when the frame is the main frame of the one window we created. */
  isMainFrame: boolean;
}

/**
 * IPC is accepted only from the main frame of our window while it shows our
 * own origin: an iframe, a frame that navigated elsewhere, or a frame that is
 * already gone (senderFrame null) is refused.
 */
export function isTrustedSender(frame: SenderFrameInfo | null | undefined, expectedOrigin: string = APP_ORIGIN): boolean {
  if (!frame || !frame.isMainFrame) return false;
  return originOf(frame.url) === expectedOrigin.toLowerCase();
}

export const UNTRUSTED_SENDER_RESULT: IpcResult<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'Request refused: it did not come from the Counterpay window.' },
};

export type AppPathResolution =
  | { ok: true; filePath: string }
  | { ok: false; status: 400 | 403 | 404; reason: string };

const refuse = (status: 400 | 403 | 404, reason: string): AppPathResolution => ({ ok: false, status, reason });

/**
 * Maps an app:// request URL to a file under `root` (dist/renderer), or says
 * why not. Refused: other origins, undecodable or NUL-bearing paths, any ".."
 * segment (also when percent-encoded), backslashes and colons (Windows
 * separators, drive letters, alternate data streams), and anything that would
 * still resolve outside root. "/" and directory URLs mean index.html.
 */
export function resolveAppPath(root: string, requestUrl: string): AppPathResolution {
  let parsed: URL;
  try {
    parsed = new URL(requestUrl);
  } catch {
    return refuse(400, 'not a URL');
  }
  if (!isAppUrl(requestUrl)) return refuse(403, `foreign origin ${originOf(requestUrl) ?? 'unknown'}`);
  let decoded: string;
  try {
    decoded = decodeURIComponent(parsed.pathname);
  } catch {
    return refuse(400, 'malformed percent-encoding in path');
  }
  if (/[\0\\:]/.test(decoded)) return refuse(400, 'forbidden character in path');
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..')) return refuse(403, 'path traversal refused');
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const filePath = path.resolve(root, `.${relative}`);
  if (!isInsideRoot(root, filePath)) return refuse(403, 'path escapes the renderer folder');
  return { ok: true, filePath };
}

/** True when `candidate` (already resolved, e.g. through realpath) lies inside `root`. */
export function isInsideRoot(root: string, candidate: string): boolean {
  const base = path.resolve(root);
  return path.resolve(candidate).startsWith(base + path.sep);
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** Unknown extensions are served as opaque bytes: with nosniff they can never run as script. */
export function mimeTypeOf(filePath: string): string {
  return MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers for every app:// response, errors included. */
export function appResponseHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // A new release replaces the files under the same names: never run a stale bundle.
    'Cache-Control': 'no-cache',
  };
}

/**
 * Where the core keeps its journal, vault and settings. COUNTERPAY_DATA_DIR
 * lets tests (and a shop running two registers on one account) pick a folder;
 * it must be absolute so the app never writes relative to an unknown cwd.
 */
export function dataDirFromEnv(env: Readonly<Record<string, string | undefined>>): { ok: true; dir: string | null } | { ok: false; message: string } {
  const raw = env.COUNTERPAY_DATA_DIR;
  if (raw === undefined || raw === '') return { ok: true, dir: null };
  if (!path.isAbsolute(raw)) {
    return { ok: false, message: `COUNTERPAY_DATA_DIR must be an absolute path, got "${raw}"` };
  }
  const device = windowsDeviceSegment(raw);
  if (device !== null) {
    return { ok: false, message: `COUNTERPAY_DATA_DIR uses "${device}", a name Windows keeps for a device: choose another folder name` };
  }
  return { ok: true, dir: path.resolve(raw) };
}
