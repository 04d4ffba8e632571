/** The browser's sign-in pages speak the register's language, say what to do next and never echo the query. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { failurePage, notFoundPage, successPage } from './callback-page.js';

test('each page is in the language asked for, with a matching html lang', () => {
  assert.match(successPage('it'), /<html lang="it">/);
  assert.match(successPage('it'), /Accesso effettuato/);
  assert.match(successPage('de'), /Angemeldet/);
  assert.match(notFoundPage('es'), /<html lang="es">.*Aquí no hay nada/s);
  assert.match(successPage(), /<html lang="fr">.*Connexion réussie/s);
});

test('a failure is worded from its code, with the next step, and never shows the bank text', () => {
  const page = failurePage('authorization_denied', 'fr');
  assert.match(page, /refusée ou annulée/);
  assert.match(page, /Relancez-la depuis Counterpay/);
  const unknown = failurePage('<script>alert(1)</script>', 'en');
  assert.doesNotMatch(unknown, /<script>/);
  assert.match(unknown, /could not be completed/);
});
