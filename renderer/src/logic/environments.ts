/** How each environment is named and explained to a manager, and which scopes a connection lacks. */
import { APP_SCOPES } from '../../../shared/domain/bank.js';
import type { Environment } from '../../../shared/ipc/types.js';

export const ENVIRONMENT_INFO: Record<Environment, { label: string; text: string }> = {
  training: { label: 'Training', text: 'The built-in bank simulation: no account, no real money. Training sales stay in their own journal.' },
  sandbox: { label: 'Bank sandbox', text: 'The bank\'s test environment, with the app registration and staging token of its developer portal.' },
  production: { label: 'Production', text: 'The shop\'s real bank account: payments at the counter charge real cards.' },
};

export { ENVIRONMENTS } from '../../../shared/ipc/types.js';

/** Scopes Counterpay asks for that the bank did not grant; each disables the features that need it. */
export function missingScopes(granted: readonly string[]): string[] {
  return APP_SCOPES.filter((s) => !granted.includes(s));
}
