/**
 * A terminal's "last used" is still noted for every sale, durably, but off the cashier's
 * path: not while the attempt is being sent, once it has its first answer (or when the core
 * closes), with the time of the charge; a directory that cannot write it never fails a sale.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { FRESH_ATTEMPT_FIELDS, type Attempt } from '../../shared/domain/attempt.js';
import { memoryLogger } from '../log.js';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { LocalTerminalDirectory, type TerminalDirectory } from '../terminals/terminal-directory.js';
import { LastUses } from './last-uses.js';
import { T0, withApp } from './testing/app-fixture.js';

const AT = Date.UTC(2026, 10, 27, 9, 30);
const sale = (id: string, terminalId = 'term-1'): Attempt => ({
  id, saleId: id, previousAttemptId: null, registerId: 'reg-1', terminalId, amountMinor: 500, currency: 'EUR', metadata: {},
  idempotencyKey: `k-${id}`, createdAt: AT, deadlineAt: AT + 120_000, state: 'sending', updatedAt: AT, ...FRESH_ATTEMPT_FIELDS,
});

function recording(fail = false) {
  const uses: string[] = [];
  const directory: TerminalDirectory = {
    entries: async () => ({}),
    setName: async () => undefined,
    recordUse: async (terminalId, at, registerId) => {
      if (fail) throw new Error('disk full');
      uses.push(`${terminalId} ${at} ${registerId}`);
    },
  };
  return { uses, directory };
}

describe('last uses', () => {
  test('written once the attempt has its first answer, with the time of the charge, and the view is announced', async () => {
    const { uses, directory } = recording();
    const states = new Map<string, Attempt['state']>([['a1', 'sending']]);
    let announced = 0;
    const lastUses = new LastUses({ directory: () => directory, stateOf: (id) => states.get(id), written: async () => void announced++, logger: memoryLogger() });
    lastUses.note(sale('a1'), AT);
    lastUses.heard(sale('a1'));
    await lastUses.settled();
    assert.deepEqual(uses, [], 'nothing is written while the attempt is being sent');
    lastUses.heard({ ...sale('a1'), state: 'accepted' });
    await lastUses.settled();
    assert.deepEqual(uses, [`term-1 ${new Date(AT).toISOString()} reg-1`]);
    assert.equal(announced, 1);
    lastUses.heard({ ...sale('a1'), state: 'authorized' });
    await lastUses.settled();
    assert.equal(uses.length, 1, 'once per charge');
  });

  test('an attempt already past sending is written at once; one still being sent is written when the core closes', async () => {
    const { uses, directory } = recording();
    const states = new Map<string, Attempt['state']>([['a1', 'send_failed'], ['a2', 'sending']]);
    const lastUses = new LastUses({ directory: () => directory, stateOf: (id) => states.get(id), written: async () => undefined, logger: memoryLogger() });
    lastUses.note(sale('a1'), AT);
    lastUses.note(sale('a2', 'term-2'), AT + 1);
    await lastUses.settled();
    assert.deepEqual(uses.map((u) => u.split(' ')[0]), ['term-1']);
    await lastUses.close();
    assert.deepEqual(uses.map((u) => u.split(' ')[0]), ['term-1', 'term-2']);
  });

  test('a directory that cannot write is logged, never thrown', async () => {
    const { directory } = recording(true);
    const logger = memoryLogger();
    const lastUses = new LastUses({ directory: () => directory, stateOf: () => 'accepted', written: async () => undefined, logger });
    lastUses.note(sale('a1'), AT);
    await lastUses.close();
    assert.ok(logger.lines.some((l) => l.includes('could not note the terminal') && l.includes('disk full')));
  });

  test('through the app: the sale is noted on disk with its charge time, and the terminals view says so', () =>
    withApp({}, async (f) => {
      const terminalId = SANDBOX_TERMINALS.fr.approve;
      await f.ok('listTerminals');
      const a = await f.ok('charge', { terminalId, amountMinor: 700, currency: 'EUR', metadata: {} });
      const noted = async () => (await LocalTerminalDirectory.open(join(f.dataDir, 'training')).entries())[terminalId]?.lastUsedAt ?? null;
      const lastUsedId = async () => (await f.ok('listTerminals')).lastUsedId;
      for (let i = 0; i < 200 && (await lastUsedId()) === null; i++) await new Promise((r) => setTimeout(r, 10));
      assert.equal(await lastUsedId(), terminalId);
      assert.notEqual(f.app.context.engine.get(a.id)?.state, 'sending', 'written after the first answer');
      assert.equal(await noted(), new Date(T0).toISOString(), 'on disk, with the time of the charge');
    }));
});
