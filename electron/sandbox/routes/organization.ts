/** GET /v2/organization, and the subset body the retired slug routes still return. */
import type { JsonObject } from '../../../shared/json.js';
import { badParameter, type Reply } from '../http-util.js';
import { authed, route, type Route, type RouteContext } from '../router.js';
import type { OrgRecord, Principal } from '../state.js';

const TRUE = ['true', '1'];
const FALSE = ['false', '0', ''];

/**
 * External accounts (other banks) appear only on request; the default is false
 * (docs/bank-api.md, Organization). The value is a boolean; how the real API reads 1/0 is
 * not published, so they are read the way the provider's Rails-style
 * parameters usually are rather than refused. Anything else is a 400.
 */
function includeExternal(url: URL): boolean {
  const raw = url.searchParams.get('include_external_accounts');
  if (raw === null) return false;
  const value = raw.trim().toLowerCase();
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  throw badParameter('include_external_accounts', 'invalid', `include_external_accounts must be true or false (got "${raw}")`);
}

function organizationBody(org: OrgRecord, external: boolean): JsonObject {
  const accounts = org.organization.bank_accounts.filter((a) => external || a['is_external_account'] !== true);
  return { organization: { ...org.organization, bank_accounts: accounts } };
}

function getOrganization(ctx: RouteContext, who: Principal): Reply {
  return { status: 200, json: organizationBody(ctx.rt.state.orgs[who.org], includeExternal(ctx.url)) };
}

const LEGACY_ACCOUNT_FIELDS = ['slug', 'iban', 'bic', 'currency', 'balance', 'balance_cents', 'authorized_balance', 'authorized_balance_cents', 'updated_at', 'status'];

/** The old routes predate external accounts and the richer fields (docs/bank-api.md, Organization). */
export function legacyOrganizationBody(org: OrgRecord): JsonObject {
  const accounts = org.organization.bank_accounts
    .filter((a) => a['is_external_account'] !== true)
    .map((a) => Object.fromEntries(LEGACY_ACCOUNT_FIELDS.map((k) => [k, a[k] ?? null])));
  return { organization: { slug: org.organization['slug'] ?? null, legal_name: org.organization['legal_name'] ?? null, bank_accounts: accounts } };
}

export const organizationRoutes: Route[] = [route('GET', '/v2/organization', authed({ scope: 'organization.read' }, getOrganization))];
