/**
 * The Charge request checked by hand: it is validated while the cashier waits, and a generic
 * schema walk costs more there than the rest of the window's side of the call. Sound, not
 * complete (see quickly in schema-kit.ts): it answers only for the everyday shape (every field
 * as the schema wants it, no key holding undefined) and leaves everything else, refusals
 * included, to the schema. quick-charge.test.ts holds it to the schema on generated requests.
 */
import type { JsonObject } from '../json.js';
import { amountIssues, metadataIssues, PAYMENT_CURRENCIES } from '../validation/terminal-payment.js';
import { isUuid } from './schema-kit.js';

export interface QuickChargeRequest {
  terminalId: string;
  amountMinor: number;
  currency: (typeof PAYMENT_CURRENCIES)[number];
  metadata: JsonObject;
  confirmedTerminalFree?: boolean;
}

const FIELDS = new Set(['terminalId', 'amountMinor', 'currency', 'metadata', 'confirmedTerminalFree']);
const isCurrency = (c: unknown): c is QuickChargeRequest['currency'] => (PAYMENT_CURRENCIES as readonly unknown[]).includes(c);

/** `input` is already known to be small plain JSON (validate checks that first). */
export function quickCharge(input: unknown): QuickChargeRequest | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const o = input as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!FIELDS.has(key) || o[key] === undefined) return undefined;
  const { terminalId, amountMinor, currency, metadata, confirmedTerminalFree } = o;
  if (typeof terminalId !== 'string' || !isUuid(terminalId)) return undefined;
  if (typeof amountMinor !== 'number' || amountIssues(amountMinor, '').length > 0) return undefined;
  if (!isCurrency(currency)) return undefined;
  if (confirmedTerminalFree !== undefined && typeof confirmedTerminalFree !== 'boolean') return undefined;
  let meta: JsonObject = {};
  if (metadata !== undefined && metadata !== null) {
    if (typeof metadata !== 'object' || Array.isArray(metadata) || metadataIssues(metadata, '').length > 0) return undefined;
    meta = metadata as JsonObject;
  }
  const out: QuickChargeRequest = { terminalId, amountMinor, currency, metadata: meta };
  if (confirmedTerminalFree !== undefined) out.confirmedTerminalFree = confirmedTerminalFree;
  return out;
}
