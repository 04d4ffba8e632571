/**
 * The manager's cards, clients and organization: passes to the bank behind
 * the same checks the screen made before offering the button (scope granted,
 * role allowed), so a refusal comes from Counterpay in words, not a 403.
 */
import type { Handlers } from '../../../shared/ipc/contract.js';
import { availability, type BackOfficeAction } from '../../../shared/domain/access.js';
import type { CardListQuery } from '../../../shared/domain/bank.js';
import { validateClientCreate } from '../../../shared/validation/client.js';
import { isBankApiError } from '../../api/errors.js';
import { listLiveFirst } from '../cards-live-first.js';
import { cardFilterChoices } from '../card-filter-choices.js';
import { requireScope, type CoreContext } from '../context.js';
import { CoreError } from '../errors.js';

type BackOffice = Pick<Handlers,
  'getAccess' | 'getOrganization' | 'listCards' | 'getCardFilterChoices' | 'renameCard' | 'setCardRestrictions' | 'lockCard' |
  'unlockCard' | 'reportCardLost' | 'listClients' | 'getClient' | 'createClient'>;

const DEFAULT_PAGE_SIZE = 20;

export function backOfficeHandlers(ctx: CoreContext): BackOffice {
  const { api } = ctx;
  const scoped = <A extends unknown[], R>(scope: string, fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      requireScope(ctx, scope);
      return fn(...args);
    };

  /** The role check the screen made, made again; a 403 the bank still gives teaches the role for next time. */
  const guarded = <A extends unknown[], R>(action: BackOfficeAction, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const need = availability(action, await ctx.access.check());
      if (!need.ok) throw new CoreError('forbidden', need.reason);
      try {
        return await fn(...args);
      } catch (e) {
        if (isBankApiError(e) && e.status === 403) ctx.access.refusedForRole(e.errors[0]?.detail ?? e.message);
        throw e;
      }
    };

  return {
    getAccess: () => ctx.access.check(),
    getOrganization: scoped('organization.read', ({ includeExternalAccounts }) => ctx.organization.refresh(includeExternalAccounts)),
    listCards: scoped('card.read', ({ sort_by, ...q }) => {
      if (sort_by !== 'live_first') return api.cards.list({ ...q, ...(sort_by ? { sort_by } : {}) });
      return listLiveFirst((x: CardListQuery) => api.cards.list(x), q, q.per_page ?? DEFAULT_PAGE_SIZE);
    }),
    getCardFilterChoices: scoped('card.read', () => cardFilterChoices(api, ctx.connection.status().grantedScopes.includes('organization.read'))),
    renameCard: scoped('card.write', guarded('renameCard', ({ cardId, nickname }) => api.cards.rename(cardId, nickname))),
    setCardRestrictions: scoped('card.write', guarded('restrictCard', ({ cardId, active_days, categories }) =>
      api.cards.setRestrictions(cardId, { active_days, categories }))),
    lockCard: scoped('card.write', ({ cardId }) => api.cards.lock(cardId)),
    unlockCard: scoped('card.write', guarded('unlockCard', ({ cardId }) => api.cards.unlock(cardId))),
    reportCardLost: scoped('card.write', ({ cardId }) => api.cards.reportLost(cardId)),
    listClients: scoped('client.read', (q) => api.clients.list(q)),
    getClient: scoped('client.read', ({ clientId }) => api.clients.get(clientId)),
    createClient: scoped('client.write', async (body) => {
      // The contract checked the shape; the organization's own rules (Italian provinces) need its country.
      const checked = validateClientCreate(body, { organizationCountry: ctx.organization.country() });
      if (!checked.ok) throw new CoreError('invalid_request', checked.issues[0]?.detail ?? 'invalid client', checked.issues);
      return api.clients.create(checked.value);
    }),
  };
}
