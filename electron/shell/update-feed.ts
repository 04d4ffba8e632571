/**
 * Reads a release feed in electron-builder's "generic" layout (the same files
 * electron-updater reads): `latest.yml` for Windows, `latest-mac.yml`,
 * `latest-linux.yml`. Only the version matters for the decision to download;
 * electron-updater then fetches and verifies the file itself (sha512).
 */
import { isNewer } from './update-policy.js';

export function channelFile(platform: NodeJS.Platform): string {
  if (platform === 'win32') return 'latest.yml';
  if (platform === 'darwin') return 'latest-mac.yml';
  return 'latest-linux.yml';
}

/** The top-level `version:` of a channel file; the rest (files, sha512) is electron-updater's business. */
export function feedVersion(yaml: string): string | null {
  const m = /^version:\s*['"]?([0-9A-Za-z.+-]+)['"]?\s*$/m.exec(yaml);
  return m?.[1] ?? null;
}

export type FeedCheck =
  | { kind: 'newer'; version: string }
  | { kind: 'current'; version: string }
  | { kind: 'unreachable'; reason: string };

/** One look at the feed. Never throws: an unreachable feed is a normal day for a till. */
export async function checkFeed(feedUrl: string, current: string, platform: NodeJS.Platform, fetchImpl: typeof fetch = fetch): Promise<FeedCheck> {
  const url = new URL(channelFile(platform), feedUrl);
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(15_000), redirect: 'error' });
    if (!res.ok) return { kind: 'unreachable', reason: `HTTP ${res.status} for ${url.href}` };
    const text = await res.text();
    const version = feedVersion(text.slice(0, 64 * 1024));
    if (!version) return { kind: 'unreachable', reason: `${url.href} has no version` };
    return isNewer(version, current) ? { kind: 'newer', version } : { kind: 'current', version };
  } catch (e) {
    return { kind: 'unreachable', reason: e instanceof Error ? e.message : String(e) };
  }
}
