/**
 * Why a register cannot use its store, as one code per cause a manager can act on. The screens
 * word the code from the catalogs (store.problem.<code>, in the screen's language); the message
 * and the detail here are for logs and technical details only (never the password: URLs are redacted).
 */
import type { StoreProblemCode } from '../../shared/ipc/types.js';

export { STORE_PROBLEM_CODES, type StoreProblemCode } from '../../shared/ipc/types.js';

export class StoreProblem extends Error {
  constructor(readonly code: StoreProblemCode, readonly detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'StoreProblem';
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE']);

/** Maps a pg or socket error to the cause a manager can fix; anything unknown counts as the link being down. */
export function classifyStoreError(e: unknown, phase: 'connect' | 'use'): StoreProblem {
  if (e instanceof StoreProblem) return e;
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code : '';
  const message = typeof err?.message === 'string' ? err.message : String(e);
  // A server that only accepts secure connections refuses a plain one in its access rules (28000 too).
  if (code === '28000' && /no encryption|SSL off/i.test(message)) return new StoreProblem('tls', message);
  if (code === '28P01' || code === '28000') return new StoreProblem('wrong_password', message);
  if (code === '3D000') return new StoreProblem('no_database', message);
  if (code === '42501') return new StoreProblem('no_privilege', message);
  if (/SSL|TLS|certificate/i.test(message) && !NETWORK_CODES.has(code)) return new StoreProblem('tls', message);
  if (phase === 'connect' && (NETWORK_CODES.has(code) || /timeout|terminated/i.test(message))) return new StoreProblem('unreachable', message);
  return new StoreProblem('link_down', message);
}
