/**
 * The store's connection URL is a secret (it carries the password): checked here before any
 * connection, and only ever logged or shown redacted.
 */
import { StoreProblem } from './store-problem.js';

const MAX_URL_LENGTH = 2048;

/** Returns the URL unchanged if it can name a PostgreSQL database, else throws bad_url. */
export function checkStoreUrl(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new StoreProblem('bad_url', 'empty store URL');
  if (raw.length > MAX_URL_LENGTH) throw new StoreProblem('bad_url', `store URL longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new StoreProblem('bad_url', 'store URL does not parse');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new StoreProblem('bad_url', `scheme ${url.protocol} is not postgres:`);
  if (url.hostname === '') throw new StoreProblem('bad_url', 'store URL names no server');
  if (url.pathname.replace(/^\//, '') === '') throw new StoreProblem('bad_url', 'store URL names no database');
  return raw.trim();
}

/** The URL with its password replaced, for logs and Settings. */
export function redactStoreUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unreadable store URL)';
  }
}
