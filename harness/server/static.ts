/**
 * Serves the built renderer, with the harness bridge script injected before
 * the app bundle and this run's secret in a meta tag: only a page of the
 * harness's own origin can read it (guard.ts).
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { escapeHtml } from '../../shared/html.js';
import { isInsideRoot, mimeTypeOf } from '../../electron/shell/security.js';
import { SECRET_META } from './guard.js';

export interface StaticFile {
  body: Buffer | string;
  type: string;
}

/** Resolves a URL path inside root; null for anything that would escape it. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const rel = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const full = join(root, rel);
  return isInsideRoot(root, full) ? full : null;
}

export async function readRendererFile(root: string, urlPath: string, secret: string): Promise<StaticFile | null> {
  const path = resolveInside(root, urlPath);
  if (!path) return null;
  try {
    const body = await readFile(path);
    const type = mimeTypeOf(path);
    if (extname(path) !== '.html') return { body, type };
    return { body: injectBridge(body.toString('utf8'), secret), type };
  } catch {
    return null;
  }
}

export function injectBridge(html: string, secret: string): string {
  const tag = `<meta name="${SECRET_META}" content="${escapeHtml(secret)}"><script src="/harness-bridge.js"></script>`;
  const at = html.indexOf('<script');
  return at === -1 ? html.replace('</head>', `${tag}</head>`) : html.slice(0, at) + tag + html.slice(at);
}
