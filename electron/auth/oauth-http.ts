/**
 * One form-encoded POST to the OAuth server, with timeouts, the sandbox's
 * staging header, and a uniform mapping of every failure to a typed AuthError.
 * Nothing here logs: the form carries secrets.
 */
import { request, type Dispatcher } from 'undici';
import { isPlainObject } from '../../shared/json.js';
import {
  InvalidGrantError, OAuthProtocolError, OAuthTransportError, OAuthUnexpectedResponseError,
} from './errors.js';
import type { HttpTimeouts } from './oauth-config.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';

export interface OAuthHttpOptions {
  baseUrl: string;
  stagingToken?: string | null;
  timeouts?: HttpTimeouts;
  dispatcher?: Dispatcher;
}

const DEFAULT_HEADERS_MS = 15_000;
const DEFAULT_BODY_MS = 15_000;
const MAX_BODY_BYTES = 64 * 1024;

function transportDetail(e: unknown): string {
  const err = e as { code?: string; name?: string; cause?: { code?: string } };
  return err.code ?? err.cause?.code ?? err.name ?? 'network error';
}

/** RFC 6749 §5.2 error body, if the answer is one. */
function readOAuthError(body: unknown): { error: string; description: string | null } | null {
  if (!isPlainObject(body) || typeof body.error !== 'string' || !body.error) return null;
  const description = typeof body.error_description === 'string' ? body.error_description.slice(0, 500) : null;
  return { error: body.error, description };
}

/** Posts the form; resolves with the parsed JSON of a 2xx answer, throws a typed error otherwise. */
export async function postForm(options: OAuthHttpOptions, path: string, form: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (options.stagingToken) headers['X-Service-Staging-Token'] = options.stagingToken;

  let res: Dispatcher.ResponseData;
  let text: string;
  try {
    res = await request(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(form).toString(),
      headersTimeout: options.timeouts?.headersMs ?? DEFAULT_HEADERS_MS,
      bodyTimeout: options.timeouts?.bodyMs ?? DEFAULT_BODY_MS,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    text = await res.body.text();
  } catch (e) {
    throw new OAuthTransportError(transportDetail(e), e);
  }

  const status = res.statusCode;
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new OAuthUnexpectedResponseError(status, 'the answer is too large');
  const contentType = String(res.headers['content-type'] ?? '');
  let body: unknown = null;
  if (text.length > 0) {
    // Within the size and depth limits of every other answer we read, so no reader after this recurses into a hostile shape.
    const parsed = parseBoundedJson(text, MAX_BODY_BYTES);
    if (!parsed.ok && parsed.limit) throw new OAuthUnexpectedResponseError(status, `the answer is JSON we refuse to read, ${parsed.reason}`);
    if (!parsed.ok) {
      // The sandbox answers a request without its staging token with an HTML login page or a redirect.
      const gateway = contentType.includes('html') || (status >= 300 && status < 400);
      const hint = gateway ? ' (an HTML page or redirect: check the staging token and the OAuth base URL)' : '';
      throw new OAuthUnexpectedResponseError(status, `the body is not JSON${hint}`, gateway);
    }
    body = parsed.value;
  }

  if (status >= 200 && status < 300) return { status, body };
  const oauthError = readOAuthError(body);
  if (oauthError?.error === 'invalid_grant') throw new InvalidGrantError(oauthError.description, status);
  if (oauthError) throw new OAuthProtocolError(oauthError.error, oauthError.description, status);
  const redirected = status >= 300 && status < 400;
  throw new OAuthUnexpectedResponseError(status, redirected
    ? 'a redirect instead of an answer (check the staging token and the OAuth base URL)'
    : 'an error without an OAuth error code', redirected);
}
