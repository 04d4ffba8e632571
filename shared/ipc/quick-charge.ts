/**
 * The Charge request checked by hand: it is validated while the cashier waits, and a generic
 * schema walk costs more there than the rest of the window's side of the call. Sound, not
 * complete (see quickly in schema-kit.ts): it answers only for the everyday shape (every field
 * as the schema wants it, no key holding undefined) and leaves everything else, refusals
 * included, to the schema. quick-charge.test.ts holds it to the schema on generated requests.
 * Its metadata is a frozen copy proven for the journal (proven-metadata.ts), which the payment
 * engine then takes as it is instead of walking it again.
 */
import type { JsonObject } from '../json.js';
import { amountIssues, PAYMENT_CURRENCIES } from '../validation/terminal-payment.js';
import { provenMetadataCopy } from '../validation/proven-metadata.js';
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
  // Checked by the walk that copies it: the engine finds the copy proven and does not walk it again.
  const meta = provenMetadataCopy(metadata ?? {});
  if (meta === null) return undefined;
  const out: QuickChargeRequest = { terminalId, amountMinor, currency, metadata: meta };
  if (confirmedTerminalFree !== undefined) out.confirmedTerminalFree = confirmedTerminalFree;
  return out;
}
