/**
 * The one request function of the bank client: auth and staging headers, JSON,
 * timeouts on one keep-alive undici Agent, error mapping, a single replay after
 * 401 for idempotent requests, and deprecation notices. Logs carry method, path
 * (never the query: it may hold a client's email), status, duration and trace id.
 */
import type { StopSignal } from '../../shared/domain/stop-signal.js';
import { Agent, request, type Dispatcher } from 'undici';
import type { BankApiConfig } from './types.js';
import { buildQuery, type QueryParams } from './query.js';
import { header } from './headers.js';
import { deprecationNotice } from './deprecation.js';
import { transportError } from './transport-error.js';
import { httpError, redirectError, successBody, unexpectedResponse, type RawResponse, type RequestContext } from './response.js';

export const DEFAULT_TIMEOUTS = { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000 } as const;
/**
 * No bank answer we read comes near this (a full page of 100 items with metadata is some
 * 200 KB); a larger one is a broken or hostile server. Counted while reading, whatever the
 * dispatcher, so the bytes never pile up in memory or reach JSON.parse.
 */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: QueryParams;
  /** Sent as JSON when defined. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: StopSignal;
  /** Prepared at once, written only once this resolves; a rejection sends nothing and rejects the call with its reason. */
  release?: Promise<unknown>;
}

export interface HttpResponse {
  method: HttpMethod;
  path: string;
  status: number;
  headers: RawResponse['headers'];
  body: unknown;
  traceId: string | undefined;
}

export interface Http {
  /** Resolves on 2xx with the parsed JSON body; every other outcome throws a BankApiError. */
  request(method: HttpMethod, path: string, opts?: RequestOptions): Promise<HttpResponse>;
  close(): Promise<void>;
}

export const IDEMPOTENCY_HEADER = 'X-Service-Idempotency-Key';

/**
 * A 401 may be replayed only when sending twice cannot do anything twice: GET,
 * PUT, PATCH, DELETE, and a POST that carries an idempotency key (terminal
 * payments). POST /v2/clients has none: the provider has no uniqueness rule, so
 * a replay could create the client twice.
 */
export function isReplayable(method: HttpMethod, headers: Record<string, string> = {}): boolean {
  if (method !== 'POST') return true;
  return Object.entries(headers).some(([k, v]) => k.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase() && v.trim() !== '');
}

/**
 * On the client's own Agent (which also caps answers itself), a declared length within the cap bounds
 * what is read (HTTP/1.1 ends the body there; a longer answer is cut at that length), so undici's own
 * reader does. An injected dispatcher, or an answer without a length, is counted by readCapped.
 */
function readBody(res: Dispatcher.ResponseData, ownAgent: boolean, tooLarge: () => Error): Promise<string> {
  const declared = Number(header(res.headers, 'content-length') ?? NaN);
  if (ownAgent && Number.isSafeInteger(declared) && declared >= 0 && declared <= MAX_RESPONSE_BYTES) return res.body.text();
  return readCapped(res.body, tooLarge);
}

/**
 * The body as text, or `tooLarge()` (the connection dropped) once it passes MAX_RESPONSE_BYTES.
 * Read with stream events rather than an async iterator: every push answer passes here while
 * the cashier waits, and the iterator's promise per chunk is what a 202 costs most to read.
 */
function readCapped(body: Dispatcher.ResponseData['body'], tooLarge: () => Error): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
      else {
        body.destroy();
        reject(tooLarge());
      }
    });
    body.once('error', reject);
    body.once('end', () => {
      ended = true;
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    // Destroyed without an error (and without its end): the answer never came whole.
    body.once('close', () => {
      if (!ended) reject(new Error('the answer was cut off before its end'));
    });
  });
}

export function createHttp(config: BankApiConfig): Http {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...config.timeouts };
  const owned = config.dispatcher
    ? null
    : new Agent({ connect: { timeout: timeouts.connectMs }, headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs, maxResponseSize: MAX_RESPONSE_BYTES });
  const dispatcher: Dispatcher = config.dispatcher ?? (owned as Agent);
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const log = config.logger;
  if (config.stagingToken) log?.addSecret(config.stagingToken);

  async function send(ctx: RequestContext, url: string, opts: RequestOptions): Promise<RawResponse> {
    const started = Date.now();
    const fail = (e: unknown) => {
      const err = transportError(e, { ...ctx, ...(opts.signal ? { signal: opts.signal } : {}) });
      log?.warn('bank request failed', { method: ctx.method, path: ctx.path, kind: err.kind, duration_ms: Date.now() - started });
      return err;
    };
    if (opts.signal?.aborted) throw fail(opts.signal.reason);
    const token = await config.getAccessToken();
    log?.addSecret(token);
    // Exact capitalisation: the provider's sandbox gate matches X-Service-Staging-Token as written.
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}`, ...opts.headers };
    if (config.stagingToken) headers['X-Service-Staging-Token'] = config.stagingToken;
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // Outside the try: a release that rejects means nothing was sent, which is no transport failure to report.
    if (opts.release) await opts.release;
    if (opts.signal?.aborted) throw fail(opts.signal.reason);
    try {
      const res = await request(url, {
        dispatcher, method: ctx.method, headers, body, signal: opts.signal ?? null,
        headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs,
      });
      const text = await readBody(res, owned !== null, () => unexpectedResponse(ctx, `the bank's answer is larger than ${MAX_RESPONSE_BYTES} bytes, more than any answer we accept`, { status: res.statusCode }));
      const traceId = header(res.headers, 'x-tyk-trace-id');
      const level = res.statusCode >= 400 ? 'warn' : 'info';
      const fields = { method: ctx.method, path: ctx.path, status: res.statusCode, duration_ms: Date.now() - started, trace_id: traceId ?? null };
      // Later: the answer's record and its fsync come first.
      log?.later(level, 'bank request', fields);
      return { status: res.statusCode, headers: res.headers, text, traceId };
    } catch (e) {
      throw fail(e);
    }
  }

  async function freshTokenAvailable(): Promise<boolean> {
    try {
      return (await config.onUnauthorized?.()) === true;
    } catch (e) {
      log?.warn('token refresh after 401 failed', { error: e instanceof Error ? e.message : String(e) });
      return false;
    }
  }

  function reportDeprecation(raw: RawResponse, ctx: RequestContext): void {
    const notice = deprecationNotice(raw.headers, `${ctx.method} ${ctx.path}`, baseUrl, Date.now());
    if (!notice) return;
    log?.warn('bank route is deprecated', { route: notice.route, sunset: notice.sunset, successor: notice.successor });
    try {
      config.onDeprecation?.(notice);
    } catch (e) {
      log?.error('onDeprecation handler threw', { error: e instanceof Error ? e.message : String(e) });
    }
  }

  return {
    async request(method, path, opts = {}) {
      const ctx: RequestContext = { method, path, baseUrl };
      const url = `${baseUrl}${path}${buildQuery(opts.query)}`;
      let raw = await send(ctx, url, opts);
      // The refresh hook runs on every 401 (so the next call has a fresh token); the replay only when safe.
      if (raw.status === 401 && config.onUnauthorized && (await freshTokenAvailable()) && isReplayable(method, opts.headers)) {
        raw = await send(ctx, url, opts);
      }
      reportDeprecation(raw, ctx);
      if (raw.status >= 300 && raw.status < 400) throw redirectError(raw, ctx);
      if (raw.status < 200 || raw.status >= 300) throw httpError(raw, ctx);
      return { method, path, status: raw.status, headers: raw.headers, body: successBody(raw, ctx), traceId: raw.traceId };
    },
    async close() {
      await owned?.close();
    },
  };
}
