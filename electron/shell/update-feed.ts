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

/** A channel file is a few hundred bytes of YAML; a feed answering more is not read into memory. */
export const MAX_FEED_BYTES = 64 * 1024;

/** The body as text, or null once it passes maxBytes (the rest is never downloaded). */
async function readCapped(res: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel();
    return null;
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
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
    const text = await readCapped(res, MAX_FEED_BYTES);
    if (text === null) return { kind: 'unreachable', reason: `${url.href} is larger than ${MAX_FEED_BYTES} bytes, far more than a channel file` };
    const version = feedVersion(text);
    if (!version) return { kind: 'unreachable', reason: `${url.href} has no version` };
    return isNewer(version, current) ? { kind: 'newer', version } : { kind: 'current', version };
  } catch (e) {
    return { kind: 'unreachable', reason: e instanceof Error ? e.message : String(e) };
  }
}
