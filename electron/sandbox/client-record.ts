/**
 * Turns an accepted "create a client" body into the stored client, the way the
 * provider normalizes it. Shared by the create route and the seed, so seeded
 * clients look exactly like created ones.
 */
import type { AddressObject, Client, ClientCreateBody } from '../../shared/domain/bank.js';
import type { EInvoicingEntry } from './state.js';

const ADDRESS_KEYS = ['city', 'zip_code', 'province_code', 'country_code'] as const;

/**
 * billing_address and the deprecated root-level fields are one address. The
 * object wins where both carry a part (it is the current form); the root
 * fields fill the gaps, and both sides then show the merged result.
 */
function mergeAddress(body: ClientCreateBody): AddressObject | undefined {
  const merged: AddressObject = {};
  const street = body.billing_address?.street_address ?? body.address;
  if (street !== undefined) merged.street_address = street;
  for (const k of ADDRESS_KEYS) {
    const v = body.billing_address?.[k] ?? body[k];
    if (v !== undefined) merged[k] = v;
  }
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/** Reachable only when the address is active on both sides; empty or unknown addresses are not. */
export function eInvoicingReachable(address: string | undefined, directory: Map<string, EInvoicingEntry>): boolean {
  if (!address) return false;
  const entry = directory.get(address);
  return !!entry && entry.directoryActive && entry.networkActive;
}

export interface BuildClientContext {
  id: string;
  nowIso: string;
  directory: Map<string, EInvoicingEntry>;
}

export function buildClient(body: ClientCreateBody, ctx: BuildClientContext): Client {
  // kind wins over the deprecated type; type is then reported with the same meaning.
  const kind = body.kind;
  // locale is already the bare language: the shared rules drop a region part ("fr-FR" → "fr", rule 3).
  const { type: _ignoredType, billing_address: _b, address: _a, ...rest } = body;
  const client: Client = { id: ctx.id, ...rest, kind, type: kind, e_invoicing_reachable: false, created_at: ctx.nowIso, updated_at: ctx.nowIso };
  const address = mergeAddress(body);
  if (address) {
    client.billing_address = address;
    if (address.street_address !== undefined) client.address = address.street_address;
    for (const k of ADDRESS_KEYS) if (address[k] !== undefined) client[k] = address[k];
  }
  if (body.phone) client.phone_number = `${body.phone.country_code}${body.phone.number}`;
  client.extra_emails = body.extra_emails ?? null;
  client.e_invoicing_reachable = eInvoicingReachable(body.e_invoicing_address, ctx.directory);
  return client;
}

/** The name filter and sort key: individuals are searched as "first last". */
export function clientDisplayName(client: Client): string {
  if (client.kind === 'individual') return `${client.first_name ?? ''} ${client.last_name ?? ''}`.trim();
  return client.name ?? '';
}
