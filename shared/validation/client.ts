/**
 * The bank's rules for creating a client (docs/bank-api.md, Clients: the rules and the limits),
 * shared by the renderer form, the main process before anything is sent, and
 * the sandbox server. Rule 8 (the e-invoicing address exists in the French
 * directory) can only be checked by the bank; we check its shape.
 */
import type { ClientCreateBody, ClientKind } from '../domain/bank.js';
import { invalid, valid, type FieldIssue, type Validated } from '../result.js';
import { Reader } from './read.js';
import { CLIENT_KINDS, CLIENT_LIMITS } from './client-rules.js';
import * as field from './client-fields.js';

export interface ClientRulesContext {
  /** ISO country of the organization ("FR", "IT"); null when unknown (then org-specific rules are skipped). */
  organizationCountry: string | null;
}

export const CLIENT_FIELDS = [
  'kind', 'type', 'name', 'first_name', 'last_name', 'email', 'extra_emails', 'phone', 'e_invoicing_address',
  'vat_number', 'tax_identification_number', 'address', 'city', 'zip_code', 'province_code', 'country_code',
  'billing_address', 'delivery_address', 'recipient_code', 'currency', 'locale',
] as const;

const KIND_CHOICES = 'individual, company or freelancer';

function readKindValue(r: Reader, o: Record<string, unknown>, key: 'kind' | 'type'): ClientKind | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' && (CLIENT_KINDS as readonly string[]).includes(v)) return v as ClientKind;
  r.issue(`/${key}`, 'not_in_list', `The client kind must be ${KIND_CHOICES} (got ${String(JSON.stringify(v)).slice(0, 40)}).`);
  return undefined;
}

/**
 * `type` is the deprecated alias of `kind`: when both are sent kind wins, and a
 * body with only `type` is read as that kind (that is what "alias" means; the
 * value we return carries `kind` only).
 */
function readKind(r: Reader, o: Record<string, unknown>, ctx: ClientRulesContext): ClientKind | undefined {
  const kind = readKindValue(r, o, 'kind');
  const alias = readKindValue(r, o, 'type');
  const resolved = o.kind !== undefined && o.kind !== null ? kind : alias;
  if (o.kind == null && o.type == null) r.issue('/kind', 'missing', `Choose the client kind: ${KIND_CHOICES}.`);
  const orgCountry = ctx.organizationCountry?.toUpperCase();
  if (resolved === 'freelancer' && orgCountry && orgCountry !== 'IT') {
    r.issue('/kind', 'not_allowed', 'The freelancer kind exists only for Italian organizations; create this client as a company or an individual.');
  }
  return resolved;
}

/**
 * Rule 1 and the per-kind name fields: a company needs a name; an individual or
 * a freelancer needs first and last name (the bank's two
 * body forms read together; name stays optional for them).
 */
function names(r: Reader, o: Record<string, unknown>, kind: ClientKind | undefined): void {
  const name = field.text(r, o, 'name', '/name', { max: CLIENT_LIMITS.name });
  const first = field.text(r, o, 'first_name', '/first_name', { max: CLIENT_LIMITS.first_name });
  const last = field.text(r, o, 'last_name', '/last_name', { max: CLIENT_LIMITS.last_name });
  // A value refused above (too long, not text) is not "missing": one refusal per field.
  const blank = (s: string | undefined, key: string) => (s === undefined ? o[key] === undefined || o[key] === null : s.trim() === '');
  if (kind === 'company' && blank(name, 'name')) r.issue('/name', 'missing', 'A company client needs its name.');
  if (kind === 'individual' || kind === 'freelancer') {
    const who = kind === 'individual' ? 'An individual' : 'A freelancer';
    if (blank(first, 'first_name')) r.issue('/first_name', 'missing', `${who} client needs a first name.`);
    if (blank(last, 'last_name')) r.issue('/last_name', 'missing', `${who} client needs a last name.`);
  }
}

/** Rule 5: Italian organizations give a province in the address they use (billing_address, else the root-level fields). */
function addresses(r: Reader, o: Record<string, unknown>, ctx: ClientRulesContext): string | undefined {
  const root = field.address(r, o, '', 'address');
  const billing = field.addressObject(r, o.billing_address, '/billing_address');
  field.addressObject(r, o.delivery_address, '/delivery_address');
  const used = billing?.present ? billing : root.present ? root : null;
  // Rule 1 wins over rule 5: a client without any address can still be created.
  if (ctx.organizationCountry?.toUpperCase() === 'IT' && used && used.province === undefined) {
    r.issue(`${used.pointer}/province_code`, 'missing', 'Italian organizations must give the province of the client address (two capital letters, e.g. MI or RM).');
  }
  return used?.country;
}

export function validateClientCreate(input: unknown, ctx: ClientRulesContext): Validated<ClientCreateBody> {
  const r = new Reader();
  const o = r.object(input);
  if (!o) return invalid([{ pointer: '/', code: 'invalid', detail: 'The client must be sent as a JSON object.' }]);
  field.unknownKeys(r, o, CLIENT_FIELDS, '', 'a client');
  const kind = readKind(r, o, ctx);
  names(r, o, kind);
  const country = addresses(r, o, ctx);
  const email = field.text(r, o, 'email', '/email', { max: CLIENT_LIMITS.email });
  if (email !== undefined) field.email(r, email, '/email');
  field.extraEmails(r, o.extra_emails);
  field.phone(r, o.phone);
  field.currency(r, o);
  const language = field.locale(r, o);
  field.vatNumber(r, o);
  field.taxId(r, o, country);
  field.eInvoicingAddress(r, o);
  field.text(r, o, 'recipient_code', '/recipient_code', { max: CLIENT_LIMITS.recipient_code });
  if (r.issues.length || kind === undefined) return invalid(r.issues);

  // Every known field has been checked above, so copying them is safe; `type` is folded into kind.
  const out: Record<string, unknown> = {};
  for (const k of CLIENT_FIELDS) if (o[k] !== undefined && k !== 'type') out[k] = o[k];
  out.kind = kind;
  if (language !== undefined) out.locale = language;
  return valid(out as unknown as ClientCreateBody);
}

/**
 * Rule 2: what a client still lacks before it can appear on an invoice. Not a
 * creation error (rule 1), so the form shows these as hints.
 */
export function missingForInvoicing(body: ClientCreateBody): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!body.currency) issues.push({ pointer: '/currency', code: 'missing', detail: 'Add a currency (e.g. EUR) before invoicing this client.' });
  if (!body.locale) issues.push({ pointer: '/locale', code: 'missing', detail: 'Add the document language before invoicing this client.' });
  const b = body.billing_address;
  const hasBilling = !!b && !!(b.street_address || b.city || b.zip_code || b.country_code);
  if (!hasBilling && !(body.address || body.city || body.zip_code || body.country_code)) {
    issues.push({ pointer: '/billing_address', code: 'missing', detail: 'Add a billing address before invoicing this client.' });
  }
  return issues;
}
