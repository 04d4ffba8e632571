/**
 * Serves the built renderer (dist/renderer) on app://counterpay. Plain
 * fetch-API Request → Response with no Electron import, so it runs under
 * node:test; main.ts hands it to protocol.handle. Files are read with fs
 * (not net.fetch of file:// URLs) so the only path to disk is the one
 * resolveAppPath allows, re-checked after symlinks are resolved.
 */
import { readFile, realpath } from 'node:fs/promises';
import { appResponseHeaders, isInsideRoot, mimeTypeOf, resolveAppPath } from './security.js';

export type AppRequestHandler = (request: Request) => Promise<Response>;

export interface AppProtocolOptions {
  /** Called for every refused or failed request: a hint of an attack or of a broken build. */
  onRefused?: (url: string, status: number, reason: string) => void;
}

const textResponse = (status: number, text: string, head: boolean): Response =>
  new Response(head ? null : text, { status, headers: appResponseHeaders('text/plain; charset=utf-8') });

export function createAppRequestHandler(rendererRoot: string, options: AppProtocolOptions = {}): AppRequestHandler {
  // Resolved once: if the root itself is a symlink (e.g. a dev checkout), its target is the boundary.
  const realRoot = realpath(rendererRoot).catch(() => rendererRoot);

  return async (request) => {
    const head = request.method === 'HEAD';
    const fail = (status: number, reason: string): Response => {
      options.onRefused?.(request.url, status, reason);
      return textResponse(status, status === 404 ? 'Not found' : 'Refused', head);
    };
    if (request.method !== 'GET' && !head) return fail(405, `method ${request.method} not allowed`);

    const resolved = resolveAppPath(rendererRoot, request.url);
    if (!resolved.ok) return fail(resolved.status, resolved.reason);

    let body: Uint8Array<ArrayBuffer>;
    try {
      const real = await realpath(resolved.filePath);
      if (!isInsideRoot(await realRoot, real)) return fail(403, 'symlink leads outside the renderer folder');
      body = new Uint8Array(await readFile(real));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return fail(404, 'no such file');
      return fail(500, `read failed (${code ?? 'unknown error'})`);
    }
    return new Response(head ? null : body, { status: 200, headers: appResponseHeaders(mimeTypeOf(resolved.filePath)) });
  };
}
