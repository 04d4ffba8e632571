/**
 * The page the browser shows after the bank redirects to the loopback listener.
 * Everything shown that came from the query string is HTML-escaped: the
 * listener is reachable by any local web page, so it must not reflect markup.
 */
import { escapeHtml } from '../../shared/html.js';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></body></html>`;
}

export function successPage(): string {
  return page('Signed in', 'You can close this tab and return to Counterpay.');
}

export function failurePage(reason: string): string {
  return page('Sign-in did not complete', `${reason} You can close this tab and return to Counterpay.`);
}

export function notFoundPage(): string {
  return page('Not found', 'This address only receives the answer of the bank\'s sign-in page.');
}
