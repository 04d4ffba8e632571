/**
 * GET /v2/organization. The retired slug routes (/v1|v2/organizations/{slug})
 * are never called from here; tests reach them through the low-level Http.
 */
import type { Organization } from '../../shared/domain/bank.js';
import type { Http } from './http.js';
import type { BankApi } from './types.js';
import { unwrapObject } from './unwrap.js';

export function organizationApi(http: Http): BankApi['organization'] {
  return {
    async get(opts = {}) {
      // Always explicit (default false) so the answer never depends on a server-side default.
      const query = { include_external_accounts: opts.includeExternalAccounts === true };
      return unwrapObject<Organization>(await http.request('GET', '/v2/organization', { query, signal: opts.signal }), 'organization');
    },
  };
}
