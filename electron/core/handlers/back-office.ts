/** The manager's cards, clients and organization: thin passes to the bank (dispatch applied PIN and scope from the contract). */
import type { Handlers } from '../../../shared/ipc/contract.js';
import { validateClientCreate } from '../../../shared/validation/client.js';
import type { CoreContext } from '../context.js';
import { CoreError } from '../errors.js';

type BackOffice = Pick<Handlers,
  'getOrganization' | 'listCards' | 'renameCard' | 'setCardRestrictions' | 'lockCard' | 'unlockCard' | 'reportCardLost' |
  'listClients' | 'getClient' | 'createClient'>;

export function backOfficeHandlers(ctx: CoreContext): BackOffice {
  const { api } = ctx;
  return {
    getOrganization: () => ctx.organization.refresh(true),
    listCards: (q) => api.cards.list(q),
    renameCard: ({ cardId, nickname }) => api.cards.rename(cardId, nickname),
    setCardRestrictions: ({ cardId, active_days, categories }) => api.cards.setRestrictions(cardId, { active_days, categories }),
    lockCard: ({ cardId }) => api.cards.lock(cardId),
    unlockCard: ({ cardId }) => api.cards.unlock(cardId),
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
