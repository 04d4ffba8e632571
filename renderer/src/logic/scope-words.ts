/**
 * The permissions the bank granted, as a manager reads them ("take card payments"), never as
 * the bank's codes. A code this version does not know is kept as it is rather than hidden.
 */
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Translate } from '../../../shared/i18n/translate.js';

const WORDS: Record<string, MessageId> = {
  'organization.read': 'glance.scope.organization.read',
  'terminal.read': 'glance.scope.terminal.read',
  'terminal.write': 'glance.scope.terminal.write',
  'card.read': 'glance.scope.card.read',
  'card.write': 'glance.scope.card.write',
  'client.read': 'glance.scope.client.read',
  'client.write': 'glance.scope.client.write',
  'offline_access': 'glance.scope.offline_access',
};

export function scopeWords(t: Translate, scopes: readonly string[]): string {
  return scopes.map((s) => (Object.hasOwn(WORDS, s) ? t(WORDS[s]!) : s)).join(', ');
}
