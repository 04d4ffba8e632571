/**
 * Damaged or missing files never stop the till and never lower its guard
 * silently: each case below starts the core on a prepared data folder, checks
 * the notice the manager sees, that money-relevant state failed closed, and
 * that the recovery step ends the notice.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import type { AppState } from '../../shared/ipc/types.js';
import { memoryLogger } from '../log.js';
import { SANDBOX_TERMINALS } from '../sandbox/seed-ids.js';
import { ENVIRONMENT_CONFIG_FILE } from '../settings/environment-config.js';
import { MANAGER_PIN_FILE } from './app-core.js';
import { bootCore, type BootedCore } from './boot.js';
import { dispatch } from './dispatch.js';
import { englishNotice } from '../../shared/testing/english-notice.js';

const SALE = { terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 1250, currency: 'EUR', metadata: {} };

async function withPrepared(prepare: (dir: string) => Promise<void>, fn: (b: BootedCore, dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'counterpay-damaged-'));
  try {
    await prepare(dir);
    const booted = await bootCore({ dataDir: dir, logger: memoryLogger(), clock: new ManualClock({ start: Date.UTC(2026, 3, 1, 9), frozen: true }) });
    try {
      await fn(booted, dir);
    } finally {
      await booted.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const call = (b: BootedCore, method: string, payload?: unknown) => dispatch(b.core, method, payload);

async function state(b: BootedCore): Promise<AppState> {
  const r = await call(b, 'getAppState');
  assert.ok(r.ok, JSON.stringify(r));
  return r.value as AppState;
}

const codeOf = (r: Awaited<ReturnType<typeof call>>) => (r.ok ? 'ok' : r.error.code);

describe('damaged and missing files at start-up', () => {
  test('environments.json unreadable: no environment, no sale, a notice; a manager choosing an environment reopens the till', () =>
    withPrepared((dir) => writeFile(join(dir, ENVIRONMENT_CONFIG_FILE), '{"version":1,"active":"prod'), async (b) => {
      const s = await state(b);
      assert.equal(s.environment, null);
      assert.equal(s.closed, 'no_environment');
      assert.deepEqual(s.notices?.map((n) => n.id), ['environments']);
      assert.match(englishNotice(s.notices?.[0]).recover, /chooses the environment/);
      const sale = await call(b, 'charge', SALE);
      assert.equal(codeOf(sale), 'conflict');
      assert.deepEqual(sale.ok ? null : [sale.error.reason, sale.error.params], ['till.closed', { why: 'no_environment' }]);
      assert.equal(codeOf(await call(b, 'signIn')), 'conflict');
      const settings = await call(b, 'getSettings');
      assert.equal(settings.ok && (settings.value as { environment: unknown }).environment, null);
      const lists = await call(b, 'listAttempts');
      assert.deepEqual(lists.ok && (lists.value as { attempts: unknown[] }).attempts, []);

      assert.equal(codeOf(await call(b, 'switchEnvironment', { environment: 'training' })), 'ok');
      const after = await state(b);
      assert.equal(after.environment, 'training');
      assert.equal(after.closed, null);
      assert.deepEqual(after.notices, []);
      assert.equal(codeOf(await call(b, 'charge', SALE)), 'ok');
    }));

  for (const [what, text] of [['garbage', '{"version":1,"pin":'], ['empty', '']] as const) {
    test(`manager-pin.json ${what}: the till starts and sells, manager actions stay locked, the manager is told`, () =>
      withPrepared((dir) => writeFile(join(dir, MANAGER_PIN_FILE), text), async (b) => {
        const s = await state(b);
        assert.equal(s.environment, 'training');
        assert.deepEqual(s.notices?.map((n) => n.id), ['manager-pin']);
        assert.match(englishNotice(s.notices?.[0]).title, /could not be read: manager screens stay locked/);
        assert.equal(codeOf(await call(b, 'switchEnvironment', { environment: 'sandbox' })), 'locked');
        assert.equal(codeOf(await call(b, 'setManagerPin', { pin: '1234' })), 'locked');
        const unlock = await call(b, 'unlockManager', { pin: '1234' });
        assert.equal(codeOf(unlock), 'locked');
        assert.equal(unlock.ok ? '' : unlock.error.reason, 'manager.pin_unavailable');
        assert.equal(codeOf(await call(b, 'getSettings')), 'locked');
        const view = await call(b, 'getManagerView');
        assert.deepEqual(view.ok && view.value, { hasPin: true, unlocked: false, unlockedUntil: null, managers: [], by: null, nameFirstManager: false });
        // The cashier's work goes on.
        assert.equal(codeOf(await call(b, 'charge', SALE)), 'ok');
      }));
  }

  test('a PIN deleted after it was set is noticed, and the manager screens stay locked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'counterpay-damaged-'));
    try {
      const first = await bootCore({ dataDir: dir, logger: memoryLogger(), clock: new ManualClock() });
      assert.equal(codeOf(await call(first, 'setManagerPin', { pin: '2468' })), 'ok');
      await first.close();
      await rm(join(dir, MANAGER_PIN_FILE));
      const again = await bootCore({ dataDir: dir, logger: memoryLogger(), clock: new ManualClock() });
      try {
        const s = await state(again);
        assert.deepEqual(s.notices?.map((n) => n.id), ['manager-pin']);
        assert.match(englishNotice(s.notices?.[0]).title, /has disappeared/);
        assert.equal(codeOf(await call(again, 'switchEnvironment', { environment: 'sandbox' })), 'locked');
        assert.equal(codeOf(await call(again, 'unlockManager', { pin: '2468' })), 'locked');
      } finally {
        await again.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a journal path that is a file: the till starts closed with a readable reason', () =>
    withPrepared(async (dir) => {
      await mkdir(join(dir, 'training'), { recursive: true });
      await writeFile(join(dir, 'training', 'journal'), 'not a folder');
    }, async (b, dir) => {
      const s = await state(b);
      assert.equal(s.environment, null);
      assert.equal(s.closed, 'journal');
      const notice = s.notices?.find((n) => n.id === 'journal');
      assert.ok(notice);
      const { lost } = englishNotice(notice);
      assert.ok(lost.includes(`${join(dir, 'training', 'journal')} is a file, where Counterpay keeps its journal folder`), lost);
      assert.equal(codeOf(await call(b, 'charge', SALE)), 'conflict');
      // Another environment may still open (here it fails the same way for training: the switch says so and the till stays closed).
      assert.notEqual(codeOf(await call(b, 'switchEnvironment', { environment: 'training' })), 'ok');
      assert.equal((await state(b)).closed, 'journal');
    }));

  test('register.json damaged: set aside, new register number, a notice until the default terminal is chosen', () =>
    withPrepared(async (dir) => {
      await mkdir(join(dir, 'training'), { recursive: true });
      await writeFile(join(dir, 'training', 'register.json'), '{"registerId": 7');
    }, async (b) => {
      const s = await state(b);
      assert.equal(s.environment, 'training');
      assert.deepEqual(s.notices?.map((n) => n.id), ['register']);
      assert.match(englishNotice(s.notices?.[0]).lost, /kept as register\.json\.damaged-\d+/);
      assert.equal(codeOf(await call(b, 'setDefaultTerminal', { terminalId: SANDBOX_TERMINALS.fr.approve })), 'ok');
      assert.deepEqual((await state(b)).notices, []);
    }));
});
