/** POST/GET /v2/clients and GET /v2/clients/{id}. */
import { randomUUID } from 'node:crypto';
import type { Client } from '../../../shared/domain/bank.js';
import { isPlainObject } from '../../../shared/json.js';
import type { FieldIssue } from '../../../shared/result.js';
import { validateClientCreate } from '../../../shared/validation/client.js';
import { buildClient, clientDisplayName } from '../client-record.js';
import { badParameter, notFound, readJsonBody, unprocessable, type Reply } from '../http-util.js';
import { compareBy, fold, paginate, readPage, sortParam } from '../query.js';
import { authed, route, type Route, type RouteContext } from '../router.js';
import type { Principal, SandboxState } from '../state.js';

/** Rule 8, which only the server can check: the e-invoicing address exists in the French directory. */
function directoryIssues(body: unknown, state: SandboxState): FieldIssue[] {
  const address = isPlainObject(body) ? body['e_invoicing_address'] : undefined;
  if (typeof address !== 'string' || address === '' || state.eInvoicing.has(address)) return [];
  return [{ pointer: '/e_invoicing_address', code: 'not_found', detail: `"${address}" does not exist in the French e-invoicing directory` }];
}

async function createClient(ctx: RouteContext, who: Principal): Promise<Reply> {
  const body = await readJsonBody(ctx.req);
  const { state, clock } = ctx.rt;
  // Given the organization's country, the shared rules also refuse the freelancer kind outside Italy (what the bank
  // does there is unknown, docs/bank-api.md, Clients; we answer 422 on the field, the provider's usual validation status).
  const checked = validateClientCreate(body, { organizationCountry: state.orgs[who.org].country });
  const shared = checked.ok ? [] : checked.issues;
  // A malformed address already has its issue from the shared rules: one issue per field is enough.
  const extra = directoryIssues(body, state).filter((i) => !shared.some((s) => s.pointer === i.pointer));
  if (!checked.ok || extra.length > 0) throw unprocessable([...shared, ...extra]);
  const client = buildClient(checked.value, { id: randomUUID(), nowIso: new Date(clock.now()).toISOString(), directory: state.eInvoicing });
  state.clients.push({ org: who.org, client });
  return { status: 200, json: { client } };
}

function getClient(ctx: RouteContext, who: Principal): Reply {
  const record = ctx.rt.state.clients.find((c) => c.org === who.org && c.client.id === ctx.params['id']);
  if (!record) throw notFound(`no client with id "${ctx.params['id']}" in this organization`);
  return { status: 200, json: { client: record.client } };
}

const EXACT_FILTERS = ['email', 'vat_number', 'tax_identification_number'] as const;

/** The provider's nesting of the updated-at window is unknown: both `filter[x]` and bare `x` are accepted. */
function dateFilter(url: URL, name: string): number | null {
  const key = url.searchParams.has(`filter[${name}]`) ? `filter[${name}]` : name;
  const raw = url.searchParams.get(key);
  if (raw === null) return null;
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw badParameter(key, 'invalid', `${key} must be an ISO-8601 date or date-time (got "${raw}")`);
  return ms;
}

function clientFilters(url: URL): Array<(c: Client) => boolean> {
  const filters: Array<(c: Client) => boolean> = [];
  const name = url.searchParams.get('filter[name]');
  if (name !== null) {
    if (name.trim().length < 2) throw badParameter('filter[name]', 'too_short', 'filter[name] needs at least 2 characters');
    const needle = fold(name.trim());
    filters.push((c) => fold(clientDisplayName(c)).includes(needle));
  }
  for (const field of EXACT_FILTERS) {
    const v = url.searchParams.get(`filter[${field}]`);
    if (v !== null) filters.push((c) => (c[field] ?? '').toLowerCase() === v.toLowerCase());
  }
  const from = dateFilter(url, 'updated_at_from');
  const to = dateFilter(url, 'updated_at_to');
  if (from !== null) filters.push((c) => Date.parse(c.updated_at) >= from);
  if (to !== null) filters.push((c) => Date.parse(c.updated_at) <= to);
  return filters;
}

function listClients(ctx: RouteContext, who: Principal): Reply {
  const filters = clientFilters(ctx.url);
  const sort = sortParam(ctx.url, ['name', 'created_at', 'updated_at'] as const, 'name:asc');
  const page = readPage(ctx.url);
  const key = (c: Client) => (sort.field === 'name' ? fold(clientDisplayName(c)) : c[sort.field]);
  const matching = ctx.rt.state.clients
    .filter((r) => r.org === who.org && filters.every((f) => f(r.client)))
    .map((r) => r.client)
    .sort(compareBy(key, sort.desc, (c) => c.id));
  const { items, meta } = paginate(matching, page);
  return { status: 200, json: { clients: items, meta } };
}

export const clientRoutes: Route[] = [
  route('POST', '/v2/clients', authed({ scope: 'client.write', secretKey: true }, createClient)),
  route('GET', '/v2/clients', authed({ scope: 'client.read', secretKey: true }, listClients)),
  route('GET', '/v2/clients/:id', authed({ scope: 'client.read', secretKey: true }, getClient)),
];
