/** Card operations (beta on the provider's side): list, nickname, restrictions, lock, unlock, lost. */
import type { Card, CardListQuery } from '../../shared/domain/bank.js';
import type { Http } from './http.js';
import type { BankApi, CallOptions } from './types.js';
import { segment } from './path.js';
import { unwrapObject, unwrapPage } from './unwrap.js';

export function cardsApi(http: Http): BankApi['cards'] {
  const cardPath = (id: string, action: string) => `/v2/cards/${segment(id, 'card')}/${action}`;

  const patch = async (id: string, action: string, card: Record<string, unknown>, opts: CallOptions) =>
    unwrapObject<Card>(await http.request('PATCH', cardPath(id, action), { body: { card }, signal: opts.signal }), 'card');

  const put = async (id: string, action: 'lock' | 'unlock' | 'lost', opts: CallOptions) =>
    unwrapObject<Card>(await http.request('PUT', cardPath(id, action), { signal: opts.signal }), 'card');

  return {
    async list(q: CardListQuery = {}, opts = {}) {
      const query = {
        query: q.query, sort_by: q.sort_by, 'holder_ids[]': q.holder_ids, 'statuses[]': q.statuses, 'card_levels[]': q.card_levels,
        'bank_account_ids[]': q.bank_account_ids, 'ids[]': q.ids, page: q.page, per_page: q.per_page,
      };
      return unwrapPage<Card>(await http.request('GET', '/v2/cards', { query, signal: opts.signal }), 'cards');
    },
    rename: (id, nickname, opts = {}) => patch(id, 'nickname', { nickname }, opts),
    setRestrictions: (id, r, opts = {}) => patch(id, 'restrictions', { active_days: r.active_days, categories: r.categories }, opts),
    lock: (id, opts = {}) => put(id, 'lock', opts),
    unlock: (id, opts = {}) => put(id, 'unlock', opts),
    reportLost: (id, opts = {}) => put(id, 'lost', opts),
  };
}
