/**
 * The HTTP edge of the sandbox: the provider's error body, replies, and
 * reading request bodies. Handlers throw ApiError and return Reply; only
 * server.ts touches the node response.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProviderErrorItem } from '../../shared/domain/bank.js';
import type { FieldIssue } from '../../shared/result.js';
import { escapeHtml } from '../../shared/html.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Serialized as application/json. */
  json?: unknown;
  /** Sent as is with `contentType` (HTML pages, empty bodies). */
  text?: string;
  contentType?: string;
}

/** A failure rendered as the provider's `{errors:[…], trace_id}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly items: ProviderErrorItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(items[0]?.detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

type Source = { pointer: string } | { parameter: string };

export function apiError(status: number, code: string, detail: string, source?: Source, headers?: Record<string, string>): ApiError {
  return new ApiError(status, [{ code, detail, ...(source ? { source } : {}) }], headers);
}

export const badRequest = (detail: string, source?: Source) => apiError(400, 'bad_request', detail, source);
export const notFound = (detail: string, parameter = 'id') => apiError(404, 'not_found', detail, { parameter });
export const forbidden = (detail: string) => apiError(403, 'forbidden', detail);

/** 422 with one error item per field issue, pointing at the field. */
export function unprocessable(issues: FieldIssue[]): ApiError {
  return new ApiError(422, issues.map((i) => ({ code: i.code, detail: i.detail, source: { pointer: i.pointer } })));
}

/** Bad query parameter: 400 pointing at the parameter, like the provider's `not_in_list` example. */
export const badParameter = (parameter: string, code: string, detail: string) => apiError(400, code, detail, { parameter });

export function errorReply(err: ApiError): Reply {
  return { status: err.status, headers: err.headers, json: { errors: err.items } };
}

export function newTraceId(): string {
  return randomBytes(16).toString('hex');
}

export const MAX_BODY_BYTES = 1024 * 1024;

export async function readRawBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > MAX_BODY_BYTES) throw badRequest(`request body is larger than ${MAX_BODY_BYTES} bytes`);
      chunks.push(buf);
    }
  } catch (e) {
    // A client that hangs up mid-body is not a sandbox failure: answer (to nobody) instead of logging a crash.
    if (e instanceof ApiError) throw e;
    throw badRequest('the request body could not be read (connection closed?)');
  }
  return Buffer.concat(chunks).toString('utf8');
}

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A JSON request body: wrong content type or unparsable JSON is a 400, as on the provider. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  return parseJsonBody(req, await readRawBody(req));
}

/** The parsing half of readJsonBody, for handlers that must read the bytes before deciding to parse them. */
export function parseJsonBody(req: IncomingMessage, raw: string): unknown {
  if (mediaType(req) !== 'application/json') {
    throw badRequest(`Content-Type must be application/json (got "${req.headers['content-type'] ?? 'none'}")`);
  }
  // Depth checked before any handler walks it; the byte limit was kept while reading.
  const parsed = parseBoundedJson(raw, MAX_BODY_BYTES);
  if (!parsed.ok) throw badRequest(`request body is ${parsed.reason}`);
  return parsed.value;
}

/** An application/x-www-form-urlencoded body, or null when the content type is something else. */
export async function readFormBody(req: IncomingMessage): Promise<URLSearchParams | null> {
  if (mediaType(req) !== 'application/x-www-form-urlencoded') return null;
  return new URLSearchParams(await readRawBody(req));
}

export function writeReply(res: ServerResponse, reply: Reply, traceId: string): void {
  const headers: Record<string, string> = { 'X-Tyk-Trace-Id': traceId, 'Cache-Control': 'no-store', ...reply.headers };
  let body = '';
  if (reply.json !== undefined) {
    // The provider puts trace_id in every error body, equal to the header.
    const json = isErrorBody(reply.json) ? { ...reply.json, trace_id: traceId } : reply.json;
    body = JSON.stringify(json);
    headers['Content-Type'] = 'application/json; charset=utf-8';
  } else if (reply.text !== undefined) {
    body = reply.text;
    headers['Content-Type'] = reply.contentType ?? 'text/plain; charset=utf-8';
  }
  headers['Content-Length'] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}

function isErrorBody(json: unknown): json is { errors: unknown[] } {
  return typeof json === 'object' && json !== null && Array.isArray((json as { errors?: unknown }).errors);
}

// A person clicks these pages during a sign-in: readable, and clearly the sandbox, not a real bank.
const PAGE_CSS = 'body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2937}'
  + 'h1{font-size:1.4rem;border-left:6px solid #6d28d9;padding-left:.6rem}code{background:#f3f4f6;padding:0 .25rem}'
  + 'form{display:grid;gap:.8rem;margin-top:1.5rem}label{display:grid;gap:.25rem;font-weight:600}'
  + 'select,button{font-size:1rem;padding:.5rem}button{border-radius:6px;border:1px solid #9ca3af;cursor:pointer}'
  + 'button[value=approve]{background:#1d4ed8;color:#fff;border-color:#1d4ed8}';

export function htmlReply(status: number, title: string, bodyHtml: string): Reply {
  const text = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`
    + `<title>${escapeHtml(title)}</title><style>${PAGE_CSS}</style></head><body>${bodyHtml}</body></html>`;
  return { status, text, contentType: 'text/html; charset=utf-8' };
}
