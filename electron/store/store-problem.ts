/**
 * Why a register cannot use its store, as one code per cause a manager can act on, with English
 * words for logs and technical details (the screens word the code in their own language). The
 * detail is for the log (never the password: URLs are redacted).
 */
import type { StoreProblemCode } from '../../shared/ipc/types.js';

export { STORE_PROBLEM_CODES, type StoreProblemCode } from '../../shared/ipc/types.js';

const WORDS: Record<StoreProblemCode, string> = {
  bad_url: 'The store address is not a PostgreSQL database address. Copy it again from the person who runs the store: it names the server and the database.',
  unreachable: 'The store server does not answer. Check the server name and port, and that the server is running.',
  wrong_password: 'The store refused the user name or password. Check them with the person who runs the store.',
  no_database: 'The store server has no database with that name. Check the database name at the end of the address.',
  not_a_store: 'That database belongs to something else, not Counterpay. Use an empty database or the shop\'s Counterpay store.',
  newer_schema: 'The store was set up by a newer Counterpay. Update this register before connecting it to the store.',
  no_privilege: 'The store user may not do everything a register needs. Ask the person who runs the store to grant the rights listed in the guide.',
  tls: 'The secure connection to the store failed. Check the address\'s security settings with the person who runs the store.',
  link_down: 'The store cannot be reached right now. This register keeps working alone and catches up when the store is back.',
};

export class StoreProblem extends Error {
  constructor(readonly code: StoreProblemCode, readonly detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'StoreProblem';
  }

  /** What Settings and the counter show: plain words with the next step. */
  get words(): string {
    return WORDS[this.code];
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
