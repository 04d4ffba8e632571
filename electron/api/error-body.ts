/**
 * The provider's error body is `{errors:[{code, detail, source}], trace_id}`,
 * but not uniformly (docs/bank-api.md, Errors): some answers are `{message}`, some a
 * flat `{code, message}`, some items carry `message` instead of `detail`, a 422
 * may carry `errors` as one item object rather than a list (the provider's own
 * card-restrictions example), and an OAuth-style `{error, error_description}` is
 * possible. All become ProviderErrorItem[].
 */
import type { ProviderErrorItem } from '../../shared/domain/bank.js';
import { isPlainObject } from '../../shared/json.js';

const FALLBACK_CODES: Record<number, string> = {
  400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 410: 'gone',
  422: 'invalid', 428: 'precondition_required', 429: 'rate_limited',
};

/** Network text can be anything; keep messages readable in a status line. */
const MAX_TEXT = 500;
const clip = (s: string): string => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? clip(v) : undefined);

export function fallbackCode(status: number): string {
  return FALLBACK_CODES[status] ?? (status >= 500 ? 'server_error' : `http_${status}`);
}

function item(raw: unknown, status: number): ProviderErrorItem | null {
  if (typeof raw === 'string') return { code: fallbackCode(status), detail: clip(raw) };
  if (!isPlainObject(raw)) return null;
  const code = str(raw.code) ?? str(raw.error) ?? fallbackCode(status);
  const detail = str(raw.detail) ?? str(raw.message) ?? str(raw.title) ?? str(raw.error_description) ?? code;
  const out: ProviderErrorItem = { code, detail };
  if (isPlainObject(raw.source)) {
    const pointer = str(raw.source.pointer);
    const parameter = str(raw.source.parameter);
    if (pointer || parameter) out.source = { ...(pointer ? { pointer } : {}), ...(parameter ? { parameter } : {}) };
  }
  return out;
}

/** One error item sent bare instead of in a list: it names a code or detail, or points at a source. */
function isSingleItem(raw: Record<string, unknown>): boolean {
  return str(raw.code) !== undefined || str(raw.detail) !== undefined || isPlainObject(raw.source);
}

/** Rails-style `{errors: {field: ["message"]}}` maps each field to a pointer. */
function fromFieldMap(map: Record<string, unknown>, status: number): ProviderErrorItem[] {
  return Object.entries(map).flatMap(([field, msgs]) =>
    (Array.isArray(msgs) ? msgs : [msgs])
      .filter((m): m is string => typeof m === 'string')
      .map((m) => ({ code: fallbackCode(status), detail: clip(`${field} ${m}`), source: { pointer: `/${field}` } })),
  );
}

export function parseProviderErrors(body: unknown, status: number): { errors: ProviderErrorItem[]; traceId?: string } {
  if (typeof body === 'string') return { errors: str(body) ? [item(body.trim(), status)!] : [] };
  if (!isPlainObject(body)) return { errors: [] };
  const traceId = str(body.trace_id);
  let errors: ProviderErrorItem[];
  if (Array.isArray(body.errors)) errors = body.errors.map((e) => item(e, status)).filter((e): e is ProviderErrorItem => e !== null);
  else if (isPlainObject(body.errors)) errors = isSingleItem(body.errors) ? [item(body.errors, status)!] : fromFieldMap(body.errors, status);
  else {
    const single = item(body, status);
    errors = single && (str(body.message) || str(body.detail) || str(body.code) || str(body.error)) ? [single] : [];
  }
  return { errors, ...(traceId ? { traceId } : {}) };
}
