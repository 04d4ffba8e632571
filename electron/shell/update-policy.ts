/**
 * When Counterpay may update itself, as pure decisions (one place, tested in
 * Node): download only a strictly newer release, install only while quitting,
 * and never while a payment attempt is open, because the install restarts the
 * app and a till must not disappear between "sent" and "paid".
 */

/** Semantic version order, enough for release feeds: x.y.z, a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const m = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(v.trim());
    if (!m) throw new Error(`"${v}" is not a version`);
    return { core: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4]?.split('.') ?? [] };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return (x.core[i] ?? 0) - (y.core[i] ?? 0);
  if (x.pre.length === 0 || y.pre.length === 0) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    if (p === q) continue;
    const bothNumeric = /^\d+$/.test(p) && /^\d+$/.test(q);
    return bothNumeric ? Number(p) - Number(q) : p < q ? -1 : 1;
  }
  return 0;
}

export const isNewer = (candidate: string, current: string): boolean => compareVersions(candidate, current) > 0;

export interface QuitSituation {
  current: string;
  /** The version electron-updater finished downloading, if any. */
  downloaded: string | null;
  /** Attempts not yet final (sending, accepted, awaiting the terminal, unknown). */
  openAttempts: number;
}

export type InstallDecision = { install: true } | { install: false; reason: 'nothing-downloaded' | 'not-newer' | 'payment-open' };

export function installAtQuit(s: QuitSituation): InstallDecision {
  if (s.downloaded === null) return { install: false, reason: 'nothing-downloaded' };
  if (!isNewer(s.downloaded, s.current)) return { install: false, reason: 'not-newer' };
  if (s.openAttempts > 0) return { install: false, reason: 'payment-open' };
  return { install: true };
}

/**
 * The feed comes from COUNTERPAY_UPDATE_FEED (set by whoever installs the tills):
 * https only, plain http only on loopback for tests. Unset means no updates.
 */
export function updateFeedFromEnv(env: Readonly<Record<string, string | undefined>>): { ok: true; url: string | null } | { ok: false; message: string } {
  const raw = env.COUNTERPAY_UPDATE_FEED;
  if (raw === undefined || raw === '') return { ok: true, url: null };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: `COUNTERPAY_UPDATE_FEED is not a URL: "${raw}"` };
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { ok: false, message: `COUNTERPAY_UPDATE_FEED must be https (plain http only on this computer), got "${raw}"` };
  }
  return { ok: true, url: url.href.endsWith('/') ? url.href : `${url.href}/` };
}
