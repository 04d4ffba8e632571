/**
 * The manager's cards, clients and organization. Dispatch applied the PIN and
 * the scope from the contract; owner-and-admin actions are also checked
 * against the role the screen already knew, so a refusal comes from
 * Counterpay in words, before the bank's 403.
 */
import type { Handlers } from '../../../shared/ipc/contract.js';
import { availability, type BackOfficeAction } from '../../../shared/domain/access.js';
import type { CardListQuery } from '../../../shared/domain/bank.js';
import { validateClientCreate } from '../../../shared/validation/client.js';
import { isBankApiError } from '../../api/errors.js';
import { listLiveFirst } from '../cards-live-first.js';
import { cardFilterChoices } from '../card-filter-choices.js';
import type { CoreContext } from '../context.js';
import { CoreError } from '../errors.js';

type BackOffice = Pick<Handlers,
  'getAccess' | 'getOrganization' | 'listCards' | 'getCardFilterChoices' | 'renameCard' | 'setCardRestrictions' | 'lockCard' |
  'unlockCard' | 'reportCardLost' | 'listClients' | 'getClient' | 'createClient'>;

const DEFAULT_PAGE_SIZE = 20;

export function backOfficeHandlers(ctx: CoreContext): BackOffice {
  const { api } = ctx;

  /** The role check the screen made, made again; a 403 the bank still gives teaches the role for next time. */
  const guarded = <A extends unknown[], R>(action: BackOfficeAction, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const need = availability(action, await ctx.access.check());
      if (!need.ok) throw new CoreError('forbidden', need.reason, undefined, { reason: 'access.not_allowed', params: { action, why: need.why } });
      try {
        return await fn(...args);
      } catch (e) {
        if (isBankApiError(e) && e.status === 403) ctx.access.refusedForRole(e.errors[0]?.detail ?? e.message);
        throw e;
      }
    };

  return {
    getAccess: () => ctx.access.check(),
    getOrganization: ({ includeExternalAccounts }) => ctx.organization.refresh(includeExternalAccounts),
    listCards: ({ sort_by, ...q }) => {
      if (sort_by !== 'live_first') return api.cards.list({ ...q, ...(sort_by ? { sort_by } : {}) });
      return listLiveFirst((x: CardListQuery) => api.cards.list(x), q, q.per_page ?? DEFAULT_PAGE_SIZE);
    },
    getCardFilterChoices: () => cardFilterChoices(api, ctx.connection.status().grantedScopes.includes('organization.read')),
    renameCard: guarded('renameCard', ({ cardId, nickname }) => api.cards.rename(cardId, nickname)),
    setCardRestrictions: guarded('restrictCard', ({ cardId, active_days, categories }) => api.cards.setRestrictions(cardId, { active_days, categories })),
    lockCard: ({ cardId }) => api.cards.lock(cardId),
    unlockCard: guarded('unlockCard', ({ cardId }) => api.cards.unlock(cardId)),
    reportCardLost: ({ cardId }) => api.cards.reportLost(cardId),
    listClients: (q) => api.clients.list(q),
    getClient: ({ clientId }) => api.clients.get(clientId),
    createClient: async (body) => {
      // The contract checked the shape; the organization's own rules (Italian provinces) need its country.
      const checked = validateClientCreate(body, { organizationCountry: ctx.organization.country() });
      if (!checked.ok) throw new CoreError('invalid_request', checked.issues[0]?.detail ?? 'invalid client', checked.issues);
      return api.clients.create(checked.value);
    },
  };
}
