/** Manager actions behind the PIN, through the real dispatch: first run, lock, wrong PINs, lock-out, idle time. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Method } from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/types.js';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { UNLOCK_IDLE_MS } from './manager-gate.js';
import { withApp, type AppFixture } from './testing/app-fixture.js';

const T = SANDBOX_TERMINALS.fr;
const codeOf = (r: IpcResult<unknown>) => (r.ok ? 'ok' : r.error.code);
const messageOf = (r: IpcResult<unknown>) => (r.ok ? '' : r.error.message);

async function managerActions(f: AppFixture): Promise<Record<string, string>> {
  const calls: [Method, unknown][] = [
    ['switchEnvironment', { environment: 'sandbox' }],
    ['saveEnvironmentSettings', f.bankSettings()],
    ['signIn', undefined],
    ['signOut', undefined],
    ['setAcceptPlainTextRisk', { accept: true }],
    ['setManagerPin', { pin: '9999' }],
    ['setDefaultTerminal', { terminalId: T.approve }],
    ['lockCard', { cardId: 'card-1' }],
    ['renameCard', { cardId: 'card-1', nickname: 'x' }],
  ];
  const out: Record<string, string> = {};
  for (const [m, req] of calls) out[m] = codeOf(await f.call(m, req as never));
  return out;
}

describe('manager gate', () => {
  test('first run: no PIN, manager actions are open; once a PIN is set and locked, every one of them asks for it', () =>
    withApp({}, async (f) => {
      assert.equal(codeOf(await f.call('setDefaultTerminal', { terminalId: T.approve })), 'ok');
      const set = await f.ok('setManagerPin', { pin: '4821' });
      assert.deepEqual({ hasPin: set.manager.hasPin, unlocked: set.manager.unlocked }, { hasPin: true, unlocked: true });
      const locked = await f.ok('lockManager');
      assert.equal(locked.unlocked, false);

      const codes = await managerActions(f);
      assert.deepEqual(new Set(Object.values(codes)), new Set(['locked']), JSON.stringify(codes));
      assert.equal(f.app.environment, 'training');

      // The cashier's counter and Today never need the PIN; reading the manager view does.
      for (const m of ['getAppState', 'listTerminals', 'listAttempts', 'getManagerView'] as const) {
        assert.equal(codeOf(await f.call(m, undefined as never)), 'ok', m);
      }
      for (const m of ['getSettings', 'listCards', 'listClients', 'getOrganization', 'journalHistory'] as const) {
        assert.equal(codeOf(await f.call(m, undefined as never)), 'locked', m);
      }
      assert.equal(codeOf(await f.call('charge', { terminalId: T.approve, amountMinor: 100, currency: 'EUR', metadata: {} })), 'ok');
    }));

  test('the right PIN unlocks; five wrong ones lock for 30 s, during which even the right one is refused', () =>
    withApp({}, async (f) => {
      await f.ok('setManagerPin', { pin: '4821' });
      await f.ok('lockManager');
      for (let left = 4; left >= 1; left--) {
        const wrong = await f.call('unlockManager', { pin: '0000' });
        assert.equal(codeOf(wrong), 'locked');
        assert.match(messageOf(wrong), new RegExp(`manager.pin_wrong \\{"attemptsLeft":${left}\\}`));
      }
      const fifth = await f.call('unlockManager', { pin: '0000' });
      assert.match(messageOf(fifth), /manager\.pin_paused \{"seconds":30\}/);
      assert.equal(codeOf(await f.call('unlockManager', { pin: '4821' })), 'locked');
      f.clock.advance(30_000);
      const view = await f.ok('unlockManager', { pin: '4821' });
      assert.equal(view.unlocked, true);
      assert.equal(codeOf(await f.call('switchEnvironment', { environment: 'sandbox' })), 'ok');
    }));

  test('an unlock lapses after 5 minutes without a manager action; each action restarts the time', () =>
    withApp({}, async (f) => {
      await f.ok('setManagerPin', { pin: '4821' });
      f.clock.advance(UNLOCK_IDLE_MS - 1000);
      assert.equal(codeOf(await f.call('setDefaultTerminal', { terminalId: T.approve })), 'ok');
      f.clock.advance(UNLOCK_IDLE_MS - 1000);
      assert.equal(codeOf(await f.call('setDefaultTerminal', { terminalId: T.approve2 })), 'ok');
      f.clock.advance(UNLOCK_IDLE_MS);
      assert.equal(codeOf(await f.call('setDefaultTerminal', { terminalId: T.approve })), 'locked');
      assert.equal((await f.ok('getManagerView')).unlocked, false);
    }));

  test('idle minutes lock the view by themselves and tell every window; the lock key does at once', () =>
    withApp({}, async (f) => {
      const seen: boolean[] = [];
      const off = f.app.subscribe((event, payload) => {
        if (event === 'managerChanged') seen.push((payload as { unlocked: boolean }).unlocked);
      });
      await f.ok('setManagerPin', { pin: '4821' });
      f.clock.advance(UNLOCK_IDLE_MS - 1);
      assert.deepEqual(seen, [true]);
      f.clock.advance(1);
      assert.deepEqual(seen, [true, false], 'locked by the timer, without any call');
      await f.ok('unlockManager', { pin: '4821' });
      await f.ok('lockManager');
      assert.deepEqual(seen, [true, false, true, false]);
      off();
    }));

  test('a refusal carries a reason and params for translation, and a log line made of them', () =>
    withApp({}, async (f) => {
      await f.ok('setManagerPin', { pin: '4821' });
      await f.ok('lockManager');
      const locked = await f.call('listCards', {});
      assert.deepEqual(locked.ok ? null : { reason: locked.error.reason, params: locked.error.params }, { reason: 'manager.locked', params: {} });
      const wrong = await f.call('unlockManager', { pin: '0000' });
      assert.deepEqual(wrong.ok ? null : { reason: wrong.error.reason, params: wrong.error.params }, { reason: 'manager.pin_wrong', params: { attemptsLeft: 4 } });
      assert.equal(wrong.ok ? '' : wrong.error.message, 'manager.pin_wrong {"attemptsLeft":4}');
    }));

  test('a PIN must be 4 to 8 digits; a malformed one is refused without counting as a wrong guess', () =>
    withApp({}, async (f) => {
      for (const pin of ['123', '123456789', '12a4', '']) {
        assert.equal(codeOf(await f.call('setManagerPin', { pin })), 'invalid_request', pin);
      }
      await f.ok('setManagerPin', { pin: '12345678' });
      await f.ok('lockManager');
      for (let i = 0; i < 6; i++) assert.equal(codeOf(await f.call('unlockManager', { pin: 'abcd' })), 'invalid_request');
      assert.equal((await f.ok('unlockManager', { pin: '12345678' })).unlocked, true);
    }));
});
