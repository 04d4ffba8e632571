/** How each environment is named and explained to a manager, and which scopes a connection lacks. */
import { APP_SCOPES } from '../../../shared/domain/bank.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Environment } from '../../../shared/ipc/types.js';

export const ENVIRONMENT_INFO: Record<Environment, { label: MessageId; text: MessageId }> = {
  training: { label: 'environment.training', text: 'environment.training.text' },
  sandbox: { label: 'environment.sandbox', text: 'environment.sandbox.text' },
  production: { label: 'environment.production', text: 'environment.production.text' },
};

export { ENVIRONMENTS } from '../../../shared/ipc/types.js';

/** Scopes Counterpay asks for that the bank did not grant; each disables the features that need it. */
export function missingScopes(granted: readonly string[]): string[] {
  return APP_SCOPES.filter((s) => !granted.includes(s));
}
