/**
 * Which bank server addresses a register may talk to. Tokens and client
 * secrets travel on these connections, so plain http:// is only allowed where
 * nothing leaves the machine: a sandbox on the loopback address (the embedded
 * or `npm run sandbox` one). Production is https only, loopback or not.
 */
import type { BankEnvironment } from '../ipc/types.js';

/** 127.0.0.0/8, ::1 and localhost: the names that never leave this computer. */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Why this address may not be used for the environment, in words for a manager; null when it may. */
export function serverAddressProblem(url: URL, environment: BankEnvironment | undefined): string | null {
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return 'must be a web address such as https://bank.example';
  if (environment === 'production') return 'must start with https:// in production: tokens travel on this connection';
  if (!isLoopbackHostname(url.hostname)) {
    return 'must start with https:// (plain http:// only for a sandbox on this computer, such as http://127.0.0.1:4010)';
  }
  return null;
}
