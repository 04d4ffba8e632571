/**
 * The store's connection URL is a secret (it carries the password): checked here before any
 * connection, and only ever logged or shown redacted.
 */
import type { StoreSettingsView } from '../../shared/ipc/types.js';
import type { Logger } from '../log.js';
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

/** The password never reaches a log line, whatever logs it later; a malformed URL is left for the connection to report. */
export function keepPasswordOutOfLogs(raw: string, logger: Logger | undefined): void {
  try {
    const password = decodeURIComponent(new URL(raw).password);
    if (password) logger?.addSecret(password);
  } catch { /* reported by the connection */ }
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

/** What a manager may see of the store: the server, database and user, and whether the link is encrypted (never the password). */
export function describeStoreUrl(raw: string): NonNullable<StoreSettingsView['target']> | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const sslmode = url.searchParams.get('sslmode');
  const ssl = url.searchParams.get('ssl');
  // node-postgres turns TLS on for any sslmode but disable, and for ssl=true or 1.
  const tls = (sslmode !== null && sslmode !== 'disable') || ssl === 'true' || ssl === '1';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? 5432 : Number(url.port),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
    user: decodeURIComponent(url.username),
    tls,
  };
}
