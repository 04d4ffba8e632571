/**
 * Who may drive the harness. The harness answers on a loopback port, and any
 * web page the same person opens can send requests there: a `no-cors` fetch, a
 * `text/plain` form post or `navigator.sendBeacon` reach the server even
 * though the page cannot read the answer, and that is enough to charge a card
 * or replace the bank settings. So every bridge, event-stream and test-control
 * request must carry a secret made for this run and written only into the
 * HTML the harness serves (another origin cannot read that page), must not
 * come from a foreign Origin, and, when it has a body, must be JSON: a custom
 * header or a JSON body cannot be sent cross-origin without a CORS preflight,
 * which the harness never grants. Any check failing refuses the request before
 * it touches the core.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SECRET_HEADER, SECRET_PARAM } from '../browser/guard-names.js';

export { SECRET_HEADER, SECRET_META, SECRET_PARAM } from '../browser/guard-names.js';

export function newHarnessSecret(): string {
  return randomBytes(32).toString('base64url');
}

function sameSecret(given: string | null | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why this request may not reach the core, or null when it may. `url` is the
 * parsed request URL; the Host header was already checked to be loopback.
 */
export function refusalReason(req: IncomingMessage, url: URL, secret: string): string | null {
  const origin = req.headers.origin;
  // A browser names the calling page's origin on every POST; ours is exactly the address the page was served from.
  if (origin !== undefined && origin !== `http://${req.headers.host ?? ''}`) return 'foreign origin';
  // Fetch metadata, where the browser sends it, must agree: only our own page, or a tool that is not a browser.
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `cross-site request (${String(site)})`;
  if (req.method === 'POST') {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return 'the body must be application/json';
  }
  const header = req.headers[SECRET_HEADER];
  const given = typeof header === 'string' ? header : url.searchParams.get(SECRET_PARAM);
  if (!sameSecret(given, secret)) return 'missing or wrong harness secret';
  return null;
}
