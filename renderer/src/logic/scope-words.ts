/**
 * The bank permissions (OAuth scopes) as a manager reads them ("charge terminals"), never as the
 * bank's codes: in the list of granted permissions and where a feature says which one it lacks.
 * A code this version does not know is kept as it is rather than hidden.
 */
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Translate } from '../../../shared/i18n/translate.js';

export const SCOPE_WORDS: Record<string, MessageId> = {
  'card.read': 'office.scope.cardRead', 'card.write': 'office.scope.cardWrite', 'client.read': 'office.scope.clientRead',
  'client.write': 'office.scope.clientWrite', 'organization.read': 'office.scope.organizationRead', 'terminal.read': 'office.scope.terminalRead',
  'terminal.write': 'office.scope.terminalWrite', 'offline_access': 'glance.scope.offline_access',
};

export const scopeWord = (t: Translate, scope: string): string => (Object.hasOwn(SCOPE_WORDS, scope) ? t(SCOPE_WORDS[scope]!) : scope);

export function scopeWords(t: Translate, scopes: readonly string[]): string {
  return scopes.map((s) => scopeWord(t, s)).join(', ');
}
