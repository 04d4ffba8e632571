/** An API or OAuth server address of a bank environment; production only over https because tokens travel on it. */
import type { FieldIssue } from '../result.js';
import type { BankEnvironment } from './types.js';

function problemOf(key: string, raw: string, environment: BankEnvironment | undefined): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return `${key} must be a web address such as https://bank.example`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${key} must be a web address such as https://bank.example`;
  if (environment === 'production' && url.protocol !== 'https:') return `${key} must start with https:// in production: tokens travel on this connection`;
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
