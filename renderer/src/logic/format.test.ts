import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dateOnly, DEFAULT_LOCALE, localeOf, money, organizationLocale, words } from './format.js';
import { fractionLeft, secondsLeft, updateSkew } from './countdown.js';
import type { AppState } from '../../../shared/ipc/types.js';

const state = (locale: string | null): AppState => ({
  environment: 'training',
  registerId: 'R1',
  organization: locale === null ? null : { id: 'o', name: 'Org', slug: 'org', locale, legalCountry: 'FR' },
  connection: { status: 'connected', message: null, grantedScopes: [] },
  defaultTerminalId: null,
  deprecations: [],
});

describe('format', () => {
  test('amounts use the organization locale', () => {
    assert.equal(money(1330, localeOf(state('en'))), '€13.30');
    assert.match(money(1330, localeOf(state('fr'))), /^13,30\s€$/);
  });

  test('an unknown currency code still shows the exact figure', () => {
    assert.equal(money(123456, 'en', 'not-a-currency'), '1234.56 not-a-currency');
  });

  test('no organization or a broken locale falls back to the app default, French like training', () => {
    assert.equal(DEFAULT_LOCALE, 'fr');
    assert.equal(localeOf(state(null)), 'fr');
    assert.equal(localeOf(null), 'fr');
    assert.equal(localeOf(state('not a locale!')), 'fr');
    assert.match(money(500, localeOf(state(null))), /^5,00\s€$/);
  });

  test('while the organization is unknown, the last known locale is kept', () => {
    assert.equal(localeOf(state(null), 'it'), 'it');
    assert.equal(localeOf(state('not a locale!'), 'en'), 'en');
    // A known organization always wins over what was remembered.
    assert.equal(localeOf(state('en'), 'it'), 'en');
  });

  test('only a usable organization locale counts as known', () => {
    assert.equal(organizationLocale(state('it')), 'it');
    assert.equal(organizationLocale(state(null)), null);
    assert.equal(organizationLocale(state('')), null);
    assert.equal(organizationLocale(state('not a locale!')), null);
    assert.equal(organizationLocale(null), null);
  });

  test('a date that does not parse is shown as received', () => {
    assert.equal(dateOnly('soon', 'en'), 'soon');
    assert.equal(dateOnly('2026-11-15T12:00:00Z', 'en-GB'), '15 November 2026');
  });

  test('enum values become words', () => {
    assert.equal(words('pin_blocked'), 'Pin blocked');
    assert.equal(words('live'), 'Live');
  });
});

describe('countdown', () => {
  test('whole seconds left, rounded up, never negative', () => {
    assert.equal(secondsLeft(121_000, 1_000), 120);
    assert.equal(secondsLeft(121_000, 120_001), 1);
    assert.equal(secondsLeft(121_000, 121_000), 0);
    assert.equal(secondsLeft(121_000, 200_000), 0);
  });

  test('never more than the 120 s of the deadline', () => {
    assert.equal(secondsLeft(500_000, 0), 120);
  });

  test('skew follows the core clock forward, never backward', () => {
    assert.equal(updateSkew(0, 1_000, 1_000), 0);
    assert.equal(updateSkew(0, 122_000, 1_000), 121_000);
    assert.equal(updateSkew(121_000, 1_000, 1_000), 121_000);
    assert.equal(updateSkew(0, 500, 1_000), 0);
  });

  test('bar fraction is clamped to 0..1', () => {
    assert.equal(fractionLeft(121_000, 1_000), 1);
    assert.equal(fractionLeft(121_000, 61_000), 0.5);
    assert.equal(fractionLeft(121_000, 500_000), 0);
    assert.equal(fractionLeft(500_000, 0), 1);
  });
});
