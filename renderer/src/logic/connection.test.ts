import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppState } from '../../../shared/ipc/types.js';
import { LANGUAGES } from '../../../shared/i18n/languages.js';
import { translator } from '../../../shared/i18n/translate.js';
import { connectionBlocker, connectionNotice, identityLine, unlessCoveredByNotice, type Connection } from './connection.js';

const conn = (status: Connection['status'], message: string | null = null): Connection => ({ status, message, grantedScopes: [] });
const app = (connection: Connection, orgName: string | null = null): AppState => ({
  environment: 'sandbox',
  registerId: 'R1',
  organization: orgName === null ? null : { id: 'o', name: orgName, slug: 'o', locale: 'fr', legalCountry: 'FR' },
  connection,
  defaultTerminalId: null,
  deprecations: [],
});
const SIGN_IN = 'A manager must sign in to the bank (Back office → Settings).';

describe('connectionBlocker', () => {
  test('signed out: a manager must sign in', () => {
    assert.deepEqual(connectionBlocker(conn('signed_out')), { id: 'connection.signIn' });
    assert.equal(translator('en')('connection.signIn'), SIGN_IN);
  });
  test('a connection error also stops Charge, with its own instruction', () => {
    assert.deepEqual(connectionBlocker(conn('error')), { id: 'connection.check' });
  });
  test('connected, or not known yet: no blocker', () => {
    assert.equal(connectionBlocker(conn('connected')), null);
    assert.equal(connectionBlocker(null), null);
    assert.equal(connectionBlocker(undefined), null);
  });
});

describe('connectionNotice', () => {
  test('one notice; the main process\'s reason kept for the technical details', () => {
    const ended = "The bank ended this register's session. A manager must sign in again.";
    assert.deepEqual(connectionNotice(conn('signed_out', ended)), { title: 'connection.title', message: 'connection.message', technical: ended });
  });
  test('nothing while connected or unknown', () => {
    assert.equal(connectionNotice(conn('connected', 'some warning')), null);
    assert.equal(connectionNotice(null), null);
  });
});

describe('unlessCoveredByNotice', () => {
  const signedOut = { code: 'signed_out' as const, message: 'This register is not connected to the bank.' };
  const conflict = { code: 'conflict' as const, message: 'another attempt is active' };
  test('a "not signed in" error is dropped while the notice shows', () => {
    assert.equal(unlessCoveredByNotice(signedOut, conn('signed_out')), null);
    assert.equal(unlessCoveredByNotice(signedOut, conn('error')), null);
  });
  test('other errors, and any error while connected, stay', () => {
    assert.equal(unlessCoveredByNotice(conflict, conn('signed_out')), conflict);
    assert.equal(unlessCoveredByNotice(signedOut, conn('connected')), signedOut);
    assert.equal(unlessCoveredByNotice(signedOut, null), signedOut);
    assert.equal(unlessCoveredByNotice(null, conn('signed_out')), null);
  });
});

describe('identityLine', () => {
  test('the organization when known', () => {
    assert.deepEqual(identityLine(app(conn('connected'), 'Boulangerie Martin')), { name: 'Boulangerie Martin', id: 'identity.loading', disconnected: false });
  });
  test('the connection state when not, short enough for the top bar in every language', () => {
    assert.deepEqual(identityLine(app(conn('signed_out'))), { name: null, id: 'identity.signedOut', disconnected: true });
    assert.deepEqual(identityLine(app(conn('error'))), { name: null, id: 'identity.error', disconnected: true });
    assert.deepEqual(identityLine(app(conn('connected'))), { name: null, id: 'identity.unknownOrganization', disconnected: false });
    assert.deepEqual(identityLine(null), { name: null, id: 'identity.loading', disconnected: false });
    for (const language of LANGUAGES) {
      const t = translator(language);
      for (const s of ['signed_out', 'error', 'connected'] as const) assert.ok(t(identityLine(app(conn(s))).id).length <= 52, `${language} ${s}`);
    }
  });
  test('a closed till says why: no bank chosen, or the journal cannot be opened', () => {
    const closed = (why: AppState['closed']): AppState => ({ ...app(conn('signed_out')), environment: null, closed: why });
    assert.deepEqual(identityLine(closed('no_environment')), { name: null, id: 'identity.noBank', disconnected: true });
    assert.deepEqual(identityLine(closed('journal')), { name: null, id: 'identity.journal', disconnected: true });
    for (const language of LANGUAGES) {
      const t = translator(language);
      assert.notEqual(t('identity.journal'), t('identity.noBank'));
      assert.ok(t('identity.journal').length <= 52, `${language}: ${t('identity.journal')}`);
    }
  });
});
