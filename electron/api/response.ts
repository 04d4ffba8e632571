/**
 * Reading a finished response: a 2xx body must be JSON; anything else becomes
 * a BankApiError carrying the provider's errors[], trace id and Retry-After.
 * The network is untrusted input: HTML, redirects and garbage are named as such.
 */
import { BankApiError } from './errors.js';
import { parseProviderErrors } from './error-body.js';
import { header, type ResponseHeaders } from './headers.js';
import { parseRetryAfter } from './http-date.js';
import { successorFromLink } from './deprecation.js';

export interface RawResponse {
  status: number;
  headers: ResponseHeaders;
  text: string;
  /** From X-Tyk-Trace-Id; the body's trace_id wins on errors (they are documented equal). */
  traceId: string | undefined;
}

export interface RequestContext {
  method: string;
  path: string;
  baseUrl: string;
}

const STAGING_HINT = "the bank's sandbox does this when X-Service-Staging-Token is missing or wrong";

export function unexpectedResponse(ctx: Pick<RequestContext, 'method' | 'path'>, problem: string, extra: { status?: number; traceId?: string } = {}): BankApiError {
  return new BankApiError({ kind: 'unexpected_response', message: `${ctx.method} ${ctx.path}: ${problem}`, method: ctx.method, path: ctx.path, ...extra });
}

const looksLikeHtml = (raw: RawResponse): boolean =>
  /html/i.test(header(raw.headers, 'content-type') ?? '') || /^\s*<(!doctype|html)/i.test(raw.text);

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Body of a 2xx; an empty body is null (the operation then finds its wrapper key missing). */
export function successBody(raw: RawResponse, ctx: RequestContext): unknown {
  const extra = { status: raw.status, ...(raw.traceId ? { traceId: raw.traceId } : {}) };
  if (raw.text.trim() === '') return null;
  if (looksLikeHtml(raw)) {
    throw unexpectedResponse(ctx, `the bank answered an HTML page instead of JSON (HTTP ${raw.status}); ${STAGING_HINT}`, extra);
  }
  const parsed = tryJson(raw.text);
  if (!parsed.ok) {
    const type = header(raw.headers, 'content-type') ?? 'no content type';
    throw unexpectedResponse(ctx, `the bank answered HTTP ${raw.status} with a body that is not JSON (${type})`, extra);
  }
  return parsed.value;
}

/** 3xx: undici does not follow redirects, and a JSON API has no reason to send one. */
export function redirectError(raw: RawResponse, ctx: RequestContext): BankApiError {
  let target = 'another page';
  const location = header(raw.headers, 'location');
  if (location) {
    try {
      const u = new URL(location, ctx.baseUrl);
      target = `${u.origin}${u.pathname}`; // the query may carry state or codes: left out
    } catch {
      /* keep the generic wording */
    }
  }
  return unexpectedResponse(ctx, `the bank redirected to ${target} (HTTP ${raw.status}) instead of answering; ${STAGING_HINT}`, { status: raw.status });
}

/** Retired routes we know the successor of, for a 410 that carries no Link header. */
const KNOWN_SUCCESSORS: Array<[RegExp, string]> = [[/^\/v[12]\/organizations\/[^/]+$/, 'GET /v2/organization']];

function goneMessage(raw: RawResponse, ctx: RequestContext): string {
  const linked = successorFromLink(header(raw.headers, 'link'), ctx.baseUrl);
  const known = KNOWN_SUCCESSORS.find(([re]) => re.test(ctx.path))?.[1];
  const successor = linked ? `GET ${new URL(linked).pathname}` : known;
  return `${ctx.method} ${ctx.path} is retired: the bank answered 410 Gone${successor ? `; use ${successor} instead` : ''}`;
}

export function httpError(raw: RawResponse, ctx: RequestContext): BankApiError {
  const parsed = tryJson(raw.text);
  // The gateway answers some errors in plain text (a 404 for an unknown path): that text is the detail. An HTML page is not.
  const { errors, traceId } = parseProviderErrors(parsed.ok ? parsed.value : looksLikeHtml(raw) ? null : raw.text, raw.status);
  const trace = traceId ?? raw.traceId;
  const retryAfter = raw.status === 429 || raw.status === 503 ? parseRetryAfter(header(raw.headers, 'retry-after'), Date.now()) : null;
  let message: string;
  if (raw.status === 410) message = goneMessage(raw, ctx);
  else {
    const details = errors.map((e) => e.detail).join('; ') || (looksLikeHtml(raw) ? 'an HTML page instead of a JSON error' : 'no error details');
    const wait = retryAfter !== null ? ` (retry after ${Math.ceil(retryAfter / 1000)} s)` : '';
    message = `${ctx.method} ${ctx.path} failed with HTTP ${raw.status}${wait}: ${details}`;
  }
  return new BankApiError({
    kind: 'http', message, method: ctx.method, path: ctx.path, status: raw.status, errors,
    ...(trace ? { traceId: trace } : {}), ...(retryAfter !== null ? { retryAfterMs: retryAfter } : {}),
  });
}
