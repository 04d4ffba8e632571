/**
 * The page the browser shows after the bank redirects to the loopback listener,
 * in the register's language. Nothing from the query string is shown: the
 * listener is reachable by any local web page, so it must not reflect markup,
 * and a person needs the reason in words, not the bank's codes.
 */
import { escapeHtml } from '../../shared/html.js';
import { DEFAULT_LANGUAGE, intlLocaleOf, type DisplayLanguage } from '../../shared/i18n/languages.js';
import { translator } from '../../shared/i18n/translate.js';
import type { MessageId } from '../../shared/i18n/catalogs/en.js';

function page(language: DisplayLanguage, titleId: MessageId, body: string): string {
  const t = translator(language);
  const title = t(titleId);
  return `<!doctype html>
<html lang="${escapeHtml(intlLocaleOf(language))}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></body></html>`;
}

export function successPage(language: DisplayLanguage = DEFAULT_LANGUAGE): string {
  return page(language, 'signin.page.success.title', translator(language)('signin.page.close'));
}

const REASONS: Record<string, MessageId> = {
  state_mismatch: 'signin.page.reason.state_mismatch',
  authorization_denied: 'signin.page.reason.authorization_denied',
  invalid_callback: 'signin.page.reason.invalid_callback',
};

/** code: the AuthError's code; the manager sees the full reason in Counterpay and the log. */
export function failurePage(code: string, language: DisplayLanguage = DEFAULT_LANGUAGE): string {
  const t = translator(language);
  const reason = t(Object.hasOwn(REASONS, code) ? REASONS[code]! : 'signin.page.reason.other');
  return page(language, 'signin.page.failure.title', `${reason} ${t('signin.page.close')}`);
}

export function notFoundPage(language: DisplayLanguage = DEFAULT_LANGUAGE): string {
  return page(language, 'signin.page.notFound.title', translator(language)('signin.page.notFound.body'));
}
