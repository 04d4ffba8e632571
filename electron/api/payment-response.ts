/**
 * Reading terminal_payment objects. Status is matched case-insensitively to the
 * uppercase enum (the docs' prose says "authorized", their example "AUTHORIZED");
 * an unknown value is kept as-is so the engine treats it as not final.
 */
import type { TerminalPayment, TerminalPaymentAccepted, TerminalPaymentStatus } from '../../shared/domain/bank.js';
import { isPlainObject, type JsonObject } from '../../shared/json.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import type { HttpResponse } from './http.js';
import { unexpectedResponse } from './response.js';
import { unwrapObject } from './unwrap.js';

const KNOWN: readonly TerminalPaymentStatus[] = ['PENDING', 'AUTHORIZED', 'REFUSED'];

export function normalizePaymentStatus(raw: string): TerminalPaymentStatus | string {
  const upper = raw.trim().toUpperCase();
  return (KNOWN as readonly string[]).includes(upper) ? upper : raw;
}

/**
 * GET and the 202 return metadata as an object; the webhook example sends it
 * JSON-encoded in a string (docs/bank-api.md, Terminal payments). Both become an object.
 */
export function normalizeMetadata(raw: unknown): JsonObject | null {
  if (isPlainObject(raw)) return raw as JsonObject;
  if (typeof raw === 'string') {
    // The string came inside a checked answer, but what it encodes was never walked: same limits.
    const parsed = parseBoundedJson(raw, raw.length);
    return parsed.ok && isPlainObject(parsed.value) ? (parsed.value as JsonObject) : null;
  }
  return null;
}

function payment(res: HttpResponse): Record<string, unknown> {
  const p = unwrapObject<Record<string, unknown>>(res, 'terminal_payment');
  if (typeof p.id !== 'string' || p.id === '') {
    throw unexpectedResponse(res, 'terminal_payment.id is missing: the payment cannot be followed', { status: res.status });
  }
  return p;
}

export function parseAccepted(res: HttpResponse): TerminalPaymentAccepted {
  const p = payment(res);
  return { ...p, metadata: normalizeMetadata(p.metadata) } as TerminalPaymentAccepted;
}

export function parsePayment(res: HttpResponse): TerminalPayment {
  const p = payment(res);
  if (typeof p.status !== 'string') {
    throw unexpectedResponse(res, `terminal_payment.status must be text, got ${JSON.stringify(p.status)}`, { status: res.status });
  }
  return { ...p, status: normalizePaymentStatus(p.status), metadata: normalizeMetadata(p.metadata) } as TerminalPayment;
}
