/**
 * A field issue in the screen language, worded from its code (and its limits
 * when the issue carries them). The validator's own sentence names fields the
 * way code does ("clientId needs at least 1 characters"), so it is only kept
 * for the technical details.
 */
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Translate } from '../../../shared/i18n/translate.js';
import type { FieldIssue } from '../../../shared/result.js';

/** Fields whose "invalid" has a more helpful wording than the generic one. */
const INVALID_BY_POINTER: Record<string, MessageId> = {
  '/apiBaseUrl': 'field.url',
  '/oauthBaseUrl': 'field.url',
  '/redirectPort': 'field.port',
};

function param(issue: FieldIssue, name: string): number | null {
  const params = (issue as FieldIssue & { params?: unknown }).params;
  if (typeof params !== 'object' || params === null) return null;
  const value = (params as Record<string, unknown>)[name];
  return typeof value === 'number' ? value : null;
}

export function issueWords(t: Translate, issue: FieldIssue): string {
  if (issue.code === 'missing') return t('field.required');
  const specific = Object.hasOwn(INVALID_BY_POINTER, issue.pointer) ? INVALID_BY_POINTER[issue.pointer] : undefined;
  if (specific) return t(specific);
  const max = param(issue, 'max');
  if (issue.code === 'too_long' && max !== null) return t('field.tooLong', { max });
  const min = param(issue, 'min');
  if (issue.code === 'too_short' && min !== null) return t('field.tooShort', { min });
  return t('field.invalid');
}
