/** Client (customer) operations: POST/GET /v2/clients and GET /v2/clients/{id}. */
import type { Client, ClientCreateBody, ClientListQuery } from '../../shared/domain/bank.js';
import { validateClientCreate } from '../../shared/validation/client.js';
import type { Http } from './http.js';
import type { BankApi } from './types.js';
import { segment } from './path.js';
import { unwrapObject, unwrapPage } from './unwrap.js';
import { ValidationError } from './validation-error.js';

export function clientsApi(http: Http): BankApi['clients'] {
  return {
    async create(body, opts = {}) {
      // The organization's country is not known here; the caller checks org-specific rules (Italian provinces) before.
      const checked = validateClientCreate(body, { organizationCountry: null });
      if (!checked.ok) throw new ValidationError('the client', checked.issues);
      const res = await http.request('POST', '/v2/clients', { body: checked.value satisfies ClientCreateBody, signal: opts.signal });
      return unwrapObject<Client>(res, 'client');
    },

    async get(id, opts = {}) {
      const res = await http.request('GET', `/v2/clients/${segment(id, 'client')}`, { signal: opts.signal });
      return unwrapObject<Client>(res, 'client');
    },

    async list(q: ClientListQuery = {}, opts = {}) {
      const query = {
        'filter[name]': q.name, 'filter[email]': q.email, 'filter[vat_number]': q.vat_number,
        'filter[tax_identification_number]': q.tax_identification_number,
        // The nesting of the updated-at window is not documented (docs/bank-api.md, Clients); filter[...] like its siblings.
        'filter[updated_at_from]': q.updated_at_from, 'filter[updated_at_to]': q.updated_at_to,
        sort_by: q.sort_by, page: q.page, per_page: q.per_page,
      };
      const res = await http.request('GET', '/v2/clients', { query, signal: opts.signal });
      return unwrapPage<Client>(res, 'clients');
    },
  };
}
