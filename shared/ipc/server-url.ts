/** An API or OAuth server address of a bank environment: https, except a sandbox on loopback (shared/domain/server-address.ts). */
import { serverAddressProblem } from '../domain/server-address.js';
import type { FieldIssue } from '../result.js';
import type { BankEnvironment } from './types.js';

function problemOf(key: string, raw: string, environment: BankEnvironment | undefined): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return `${key} must be a web address such as https://bank.example`;
  }
  const problem = serverAddressProblem(url, environment);
  if (problem) return `${key} ${problem}`;
  if (url.search || url.hash || url.username || url.password) return `${key} must be a plain address, without query, fragment or user name`;
  return null;
}

export function serverUrlIssues(o: { apiBaseUrl: string; oauthBaseUrl: string }, environment: BankEnvironment | undefined): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const key of ['apiBaseUrl', 'oauthBaseUrl'] as const) {
    const detail = problemOf(key, o[key], environment);
    if (detail) issues.push({ pointer: `/${key}`, code: 'invalid', detail });
  }
  return issues;
}
