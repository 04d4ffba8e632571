/**
 * Card writes: nickname, restrictions, lock, unlock, lost. A card the caller
 * may not view is a 404 (its existence is not revealed); a transition the
 * card's status does not allow is a 422 (docs/bank-api.md, Cards).
 */
import { CARD_CATEGORIES, PHYSICAL_CARD_LEVELS, type Card, type CardStatus } from '../../../shared/domain/bank.js';
import { LOCKABLE_STATUSES, LOSABLE_STATUSES, UNLOCKABLE_STATUSES } from '../../../shared/domain/card-transitions.js';
import { isPlainObject } from '../../../shared/json.js';
import type { FieldIssue } from '../../../shared/result.js';
import { ADMIN_ROLES } from '../auth.js';
import { apiError, notFound, readJsonBody, unprocessable, type Reply } from '../http-util.js';
import { authed, route, type Route, type RouteContext } from '../router.js';
import type { Principal } from '../state.js';
import { listCards, visibleCards } from './card-list.js';

function findCard(ctx: RouteContext, who: Principal): Card {
  const card = visibleCards(ctx.rt.state, who).find((c) => c.id === ctx.params['id']);
  if (!card) throw notFound(`no card with id "${ctx.params['id']}" visible to this membership`);
  return card;
}

function touch(ctx: RouteContext, card: Card): Reply {
  card.updated_at = new Date(ctx.rt.clock.now()).toISOString();
  return { status: 200, json: { card } };
}

/** The `{ "card": { … } }` wrapper every card write body uses. */
async function readCardBody(ctx: RouteContext): Promise<Record<string, unknown>> {
  const body = await readJsonBody(ctx.req);
  if (!isPlainObject(body) || !isPlainObject(body['card'])) {
    throw unprocessable([{ pointer: '/card', code: 'missing', detail: 'the body must be {"card": {…}}' }]);
  }
  return body['card'];
}

async function rename(ctx: RouteContext, who: Principal): Promise<Reply> {
  const card = findCard(ctx, who);
  const nickname = (await readCardBody(ctx))['nickname'];
  if (typeof nickname !== 'string' || nickname.trim().length < 1 || nickname.length > 40) {
    throw unprocessable([{ pointer: '/card/nickname', code: 'invalid', detail: 'nickname must be text of 1 to 40 characters' }]);
  }
  card.nickname = nickname;
  return touch(ctx, card);
}

function restrictionIssues(input: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const { active_days: days, categories } = input;
  if (days === undefined && categories === undefined) {
    issues.push({ pointer: '/card', code: 'missing', detail: 'send active_days, categories or both' });
  }
  if (days !== undefined) {
    const ok = Array.isArray(days) && days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7) && new Set(days).size === days.length;
    if (!ok) issues.push({ pointer: '/card/active_days', code: 'invalid', detail: 'active_days must list distinct ISO weekdays, 1 (Monday) to 7 (Sunday)' });
  }
  if (categories !== undefined) {
    if (!Array.isArray(categories)) issues.push({ pointer: '/card/categories', code: 'invalid', detail: 'categories must be a list' });
    else categories.forEach((c, i) => {
      if (!(CARD_CATEGORIES as readonly unknown[]).includes(c)) {
        issues.push({ pointer: `/card/categories/${i}`, code: 'not_in_list', detail: `"${String(c)}" is not one of: ${CARD_CATEGORIES.join(', ')}` });
      }
    });
  }
  return issues;
}

/** The spec does not say which fields tell the physical and virtual variants apart: both accept the two fields. */
async function restrict(ctx: RouteContext, who: Principal): Promise<Reply> {
  const card = findCard(ctx, who);
  const input = await readCardBody(ctx);
  const issues = restrictionIssues(input);
  if (issues.length > 0) throw unprocessable(issues);
  if (Array.isArray(input['active_days'])) card.active_days = [...(input['active_days'] as number[])].sort((a, b) => a - b);
  if (Array.isArray(input['categories'])) card.categories = [...(input['categories'] as string[])];
  return touch(ctx, card);
}

const invalidState = (card: Card, action: string) =>
  apiError(422, 'invalid_state', `cannot ${action} a card whose status is "${card.status}"`, { parameter: 'id' });

type Target = CardStatus | ((card: Card, lockedFrom: Map<string, CardStatus>) => CardStatus);

function transition(from: readonly CardStatus[], to: Target, action: string, physicalOnly = false) {
  return (ctx: RouteContext, who: Principal): Reply => {
    const card = findCard(ctx, who);
    if (physicalOnly && !PHYSICAL_CARD_LEVELS.includes(card.card_level)) {
      throw apiError(422, 'not_physical', `only physical cards (${PHYSICAL_CARD_LEVELS.join(', ')}) can be reported lost; this card is ${card.card_level}`, { parameter: 'id' });
    }
    if (!from.includes(card.status)) throw invalidState(card, action);
    const { lockedFrom } = ctx.rt.state;
    const next = typeof to === 'function' ? to(card, lockedFrom) : to;
    if (next === 'paused') lockedFrom.set(card.id, card.status);
    else lockedFrom.delete(card.id);
    card.status = next;
    card['has_only_user_liftable_locks'] = next === 'paused';
    return touch(ctx, card);
  };
}

/** Unlock lifts the suspension only: a card locked while PIN-blocked is PIN-blocked again. */
const beforeLock = (card: Card, lockedFrom: Map<string, CardStatus>): CardStatus => lockedFrom.get(card.id) ?? 'live';

const adminOnly = (action: string) => ({ scope: 'card.write', roles: ADMIN_ROLES, action });

export const cardRoutes: Route[] = [
  route('GET', '/v2/cards', authed({ scope: 'card.read' }, listCards)),
  route('PATCH', '/v2/cards/:id/nickname', authed(adminOnly('rename a card'), rename)),
  route('PATCH', '/v2/cards/:id/restrictions', authed(adminOnly('change card restrictions'), restrict)),
  route('PUT', '/v2/cards/:id/lock', authed({ scope: 'card.write' }, transition(LOCKABLE_STATUSES, 'paused', 'lock'))),
  route('PUT', '/v2/cards/:id/unlock', authed(adminOnly('unlock a card'), transition(UNLOCKABLE_STATUSES, beforeLock, 'unlock'))),
  route('PUT', '/v2/cards/:id/lost', authed({ scope: 'card.write' }, transition(LOSABLE_STATUSES, 'lost', 'report lost', true))),
];
