/** The manager's cards, clients and organization: thin passes to the bank with scope checks. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import { validateClientCreate } from '../../../shared/validation/client.js';
import { requireScope, type CoreContext } from '../context.js';
import { CoreError } from '../errors.js';

type BackOffice = Pick<Handlers,
  'getOrganization' | 'listCards' | 'renameCard' | 'setCardRestrictions' | 'lockCard' | 'unlockCard' | 'reportCardLost' |
  'listClients' | 'getClient' | 'createClient'>;

export function backOfficeHandlers(ctx: CoreContext): BackOffice {
  const { api } = ctx;
  const scoped = <A extends unknown[], R>(scope: string, fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      requireScope(ctx, scope);
      return fn(...args);
    };

  return {
    getOrganization: scoped('organization.read', () => ctx.organization.refresh(true)),
    listCards: scoped('card.read', (q) => api.cards.list(q)),
    renameCard: scoped('card.write', ({ cardId, nickname }) => api.cards.rename(cardId, nickname)),
    setCardRestrictions: scoped('card.write', ({ cardId, active_days, categories }) =>
      api.cards.setRestrictions(cardId, { active_days, categories })),
    lockCard: scoped('card.write', ({ cardId }) => api.cards.lock(cardId)),
    unlockCard: scoped('card.write', ({ cardId }) => api.cards.unlock(cardId)),
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
