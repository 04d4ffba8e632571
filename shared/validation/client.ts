/**
 * Rules of "Create a client" (api-spec.md, rules 1-8 plus the limits table).
 * PLACEHOLDER SIGNATURE — being implemented; see issue 2.
 */
import type { ClientCreateBody } from '../domain/bank.js';
import { invalid, type Validated } from '../result.js';

export interface ClientRulesContext {
  /** ISO country of the organization ("FR", "IT"); null when unknown (then org-specific rules are skipped). */
  organizationCountry: string | null;
}

export function validateClientCreate(_input: unknown, _ctx: ClientRulesContext): Validated<ClientCreateBody> {
  return invalid([{ pointer: '/', code: 'not_implemented', detail: 'client validation is not implemented yet' }]);
}
