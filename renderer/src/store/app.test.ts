import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppState } from '../../../shared/ipc/types.js';
import { localeOf } from '../logic/format.js';
import { useApp } from './app.js';

const state = (locale: string | null, status: AppState['connection']['status']): AppState => ({
  environment: 'sandbox',
  registerId: 'R1',
  organization: locale === null ? null : { id: 'o', name: 'Org', slug: 'org', locale, legalCountry: 'IT' },
  connection: { status, message: null, grantedScopes: [] },
  defaultTerminalId: null,
  deprecations: [],
});

const shownLocale = () => localeOf(useApp.getState().appState, useApp.getState().lastLocale);

describe('app store locale', () => {
  test('signing out keeps the last organization locale; a new organization replaces it', () => {
    useApp.setState({ appState: null, lastLocale: null });
    assert.equal(shownLocale(), 'fr');
    useApp.getState().setAppState(state('it', 'connected'));
    assert.equal(shownLocale(), 'it');
    useApp.getState().setAppState(state(null, 'signed_out'));
    assert.equal(useApp.getState().lastLocale, 'it');
    assert.equal(shownLocale(), 'it');
    useApp.getState().setAppState(state('en', 'connected'));
    assert.equal(shownLocale(), 'en');
  });
});
