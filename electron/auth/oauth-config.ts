/** The settings of one OAuth client registration, checked once before any network call. */
import { InvalidConfigError } from './errors.js';

export interface HttpTimeouts {
  connectMs?: number;
  headersMs?: number;
  bodyMs?: number;
}

export interface OAuthClientConfig {
  /** e.g. https://oauth.bank.example or the embedded sandbox URL; no trailing slash needed. */
  oauthBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Registered at the bank exactly as written, e.g. http://127.0.0.1:53682/callback. */
  redirectUri: string;
  /** Sent as X-Service-Staging-Token on token calls when set (the bank's sandbox). */
  stagingToken?: string | null;
  timeouts?: HttpTimeouts;
}

export interface LoopbackRedirect {
  port: number;
  path: string;
}

/**
 * RFC 8252 §7.3: a native app receives the code on a loopback address over
 * plain HTTP. The port must be fixed because the bank matches redirect URIs
 * exactly, port included (docs/bank-api.md, OAuth sign-in). Both 127.0.0.1 and localhost
 * are accepted; the listener always binds 127.0.0.1 (RFC 8252 §8.3), so a
 * `localhost` URI relies on the browser resolving it to IPv4.
 */
export function parseLoopbackRedirect(redirectUri: string): LoopbackRedirect {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw new InvalidConfigError(`redirect URI "${redirectUri}" is not a URL`);
  }
  if (url.protocol !== 'http:') throw new InvalidConfigError('the redirect URI must use http:// on the loopback address');
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new InvalidConfigError(`the redirect URI must point to 127.0.0.1 or localhost, not "${url.hostname}"`);
  }
  if (!url.port) throw new InvalidConfigError('the redirect URI must name its port, e.g. http://127.0.0.1:53682/callback');
  if (url.search || url.hash) throw new InvalidConfigError('the redirect URI must not carry a query or fragment');
  return { port: Number(url.port), path: url.pathname };
}

export function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidConfigError(`OAuth base URL "${raw}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidConfigError('the OAuth base URL must be http(s)');
  return url.toString().replace(/\/+$/, '');
}

export function checkClientConfig(config: OAuthClientConfig): void {
  normalizeBaseUrl(config.oauthBaseUrl);
  parseLoopbackRedirect(config.redirectUri);
  if (!config.clientId.trim()) throw new InvalidConfigError('the client id is empty');
  if (!config.clientSecret) throw new InvalidConfigError('the client secret is empty');
}
