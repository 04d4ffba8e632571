/** GET /v2/cards: only the cards the membership may view, filtered, sorted and paginated. */
import { CARD_LEVELS, CARD_STATUSES, type Card } from '../../../shared/domain/bank.js';
import { ADMIN_ROLES } from '../auth.js';
import type { Reply } from '../http-util.js';
import { arrayParam, compareBy, fold, paginate, readPage, sortParam } from '../query.js';
import type { RouteContext } from '../router.js';
import type { Principal, SandboxState } from '../state.js';

/** Employees see the cards they hold; admins and owners see every card of the organization. */
export function visibleCards(state: SandboxState, who: Principal): Card[] {
  const orgId = state.orgs[who.org].id;
  const all = ADMIN_ROLES.includes(who.role);
  return state.cards.filter((c) => c.organization_id === orgId && (all || c.holder_id === who.membershipId));
}

/** The fields the bank documents for the text search, the holder's names included. */
function searchText(card: Card, state: SandboxState): string {
  const holder = state.memberships.find((m) => m.id === card.holder_id);
  const parts = [holder?.first_name, holder?.last_name, card.id, card.nickname, card.last_digits, card.status, card['pre_expires_at'], card.exp_year, card.exp_month];
  return fold(parts.filter((p): p is string => typeof p === 'string').join(' '));
}

function cardFilters(url: URL, state: SandboxState): Array<(c: Card) => boolean> {
  const filters: Array<(c: Card) => boolean> = [];
  const query = url.searchParams.get('query')?.trim();
  if (query) {
    const needle = fold(query);
    filters.push((c) => searchText(c, state).includes(needle));
  }
  // The provider's filter is `holder_ids[]` (docs/bank-api.md, Cards); a bare `holder_id`, like any unknown parameter, is ignored there and here.
  const holders = arrayParam(url, 'holder_ids');
  if (holders.length > 0) filters.push((c) => holders.includes(c.holder_id));
  const statuses = arrayParam(url, 'statuses', CARD_STATUSES);
  if (statuses.length > 0) filters.push((c) => statuses.includes(c.status));
  const levels = arrayParam(url, 'card_levels', CARD_LEVELS);
  if (levels.length > 0) filters.push((c) => levels.includes(c.card_level));
  const accounts = arrayParam(url, 'bank_account_ids');
  if (accounts.length > 0) filters.push((c) => accounts.includes(c.bank_account_id));
  const ids = arrayParam(url, 'ids');
  if (ids.length > 0) filters.push((c) => ids.includes(c.id));
  return filters;
}

export function listCards(ctx: RouteContext, who: Principal): Reply {
  const { state } = ctx.rt;
  const filters = cardFilters(ctx.url, state);
  const sort = sortParam(ctx.url, ['status', 'nickname', 'last_activity_at', 'created_at'] as const, 'status:asc');
  const page = readPage(ctx.url);
  const key = (c: Card) => (sort.field === 'nickname' ? fold(c.nickname) : c[sort.field]);
  const matching = visibleCards(state, who)
    .filter((c) => filters.every((f) => f(c)))
    .sort(compareBy(key, sort.desc, (c) => c.id));
  const { items, meta } = paginate(matching, page);
  return { status: 200, json: { meta, cards: items } };
}
