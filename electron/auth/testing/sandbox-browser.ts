/**
 * Plays the system browser against the sandbox's authorization server: opens
 * the authorization URL, answers the consent form, and follows the redirect
 * to the loopback listener, so sign-in tests run the real flow end to end.
 */
import { fetch } from 'undici';

export interface BrowserScript {
  decision?: 'approve' | 'deny';
  organization?: string;
  role?: string;
  /** Lets a test alter the callback URL (e.g. forge the state) before it is visited. */
  rewriteCallback?: (url: URL) => URL;
  /** Every URL the browser was asked to open. */
  opened?: string[];
  /** The callback URL as visited, for replay tests. */
  callbacks?: URL[];
  /** Runs once the callback was visited (e.g. a test moving the clock past the listener's timeout). */
  after?: () => void;
  /** The pages the loopback listener showed the browser, for tests of what a person reads there. */
  pages?: { status: number; body: string }[];
}

async function location(res: Awaited<ReturnType<typeof fetch>>, what: string): Promise<string> {
  await res.body?.cancel();
  const target = res.headers.get('location');
  if (res.status !== 302 || !target) throw new Error(`${what}: expected a redirect, got HTTP ${res.status}`);
  return target;
}

async function consent(authUrl: URL, script: BrowserScript): Promise<string> {
  const res = await fetch(authUrl, { redirect: 'manual' });
  if (res.status === 302) return location(res, 'authorization');
  const html = await res.text();
  const consentId = /name="consent_id" value="([^"]+)"/.exec(html)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!consentId || !action) throw new Error(`authorization: no consent form (HTTP ${res.status})`);
  const form = new URLSearchParams({
    consent_id: consentId,
    organization: script.organization ?? 'fr',
    role: script.role ?? 'owner',
    decision: script.decision ?? 'approve',
  });
  const decided = await fetch(new URL(action, authUrl), {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(),
  });
  return location(decided, 'consent decision');
}

export function sandboxBrowser(script: BrowserScript = {}): (url: string) => Promise<void> {
  return async (url) => {
    script.opened?.push(url);
    let callback = new URL(await consent(new URL(url), script));
    if (script.rewriteCallback) callback = script.rewriteCallback(callback);
    script.callbacks?.push(callback);
    const res = await fetch(callback);
    const body = await res.text();
    script.pages?.push({ status: res.status, body });
    script.after?.();
  };
}
