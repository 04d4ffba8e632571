/**
 * The one door into the core: a bad payload gets a specific error and changes
 * nothing; bank and engine failures come back typed. Runs against the real
 * core booted in training mode on the embedded sandbox.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import { memoryLogger } from '../log.js';
import { bootCore, type BootedCore } from './boot.js';
import { dispatch } from './dispatch.js';
import { terminalsView } from './handlers/terminals.js';
import { SANDBOX_TERMINALS } from '../sandbox/seed-ids.js';

let booted: BootedCore;
const logger = memoryLogger();

before(async () => {
  booted = await bootCore({ dataDir: mkdtempSync(join(tmpdir(), 'counterpay-dispatch-')), logger, clock: new ManualClock() });
});
after(() => booted.close());

const call = (method: string, payload: unknown) => dispatch(booted.core, method, payload);

async function attemptCount(): Promise<number> {
  const r = await call('listAttempts', undefined);
  assert.ok(r.ok);
  return (r.value as { attempts: unknown[] }).attempts.length;
}

describe('dispatch', () => {
  test('an unknown method is refused by name', async () => {
    const r = await call('deleteEverything', {});
    assert.deepEqual(r, {
      ok: false,
      error: { code: 'invalid_request', reason: 'request.unknown_method', params: { method: 'deleteEverything' }, message: 'request.unknown_method {"method":"deleteEverything"}' },
    });
  });

  test('bad charge payloads are refused field by field and create no attempt', async () => {
    const cases: [unknown, string][] = [
      [{ terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 12.5, currency: 'EUR', metadata: {} }, '/amountMinor'],
      [{ terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 5, currency: 'EUR', metadata: {} }, '/amountMinor'],
      [{ terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 10_000_001, currency: 'EUR', metadata: {} }, '/amountMinor'],
      [{ terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 1000, currency: 'USD', metadata: {} }, '/currency'],
      [{ terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 1000, currency: 'EUR', metadata: { note: 'x'.repeat(1100) } }, '/metadata'],
      [{ terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 1000, currency: 'EUR', metadata: [1, 2] }, '/metadata'],
      [{ terminalId: '../../etc', amountMinor: 1000, currency: 'EUR', metadata: {} }, '/terminalId'],
      [{ terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 1000, currency: 'EUR', metadata: {}, extra: true }, '/extra'],
      ['1000', '/'],
    ];
    for (const [payload, pointer] of cases) {
      const r = await call('charge', payload);
      assert.equal(r.ok, false, JSON.stringify(payload).slice(0, 80));
      if (!r.ok) assert.ok(r.error.issues?.some((i) => i.pointer === pointer), `${pointer} in ${JSON.stringify(r.error.issues)}`);
      if (!r.ok) {
        assert.equal(r.error.code, 'invalid_request');
        assert.ok(r.error.issues?.some((i) => i.pointer === pointer), `${pointer} in ${JSON.stringify(r.error.issues)}`);
      }
    }
    assert.equal(await attemptCount(), 0);
  });

  test('metadata that is not plain JSON or 6 000 levels deep is refused with where and why, and nothing is journaled', async () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 6_000; i++) deep = { d: deep };
    const cases: [unknown, string, RegExp][] = [
      [{ when: new Date(0) }, '/metadata/when', /date object/],
      [{ n: 1n }, '/metadata/n', /BigInt/],
      [deep, `/metadata${'/d'.repeat(15)}`, /nested more than 16 levels/],
    ];
    for (const [metadata, pointer, why] of cases) {
      const r = await call('charge', { terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 1000, currency: 'EUR', metadata });
      assert.equal(r.ok, false);
      if (r.ok) continue;
      assert.equal(r.error.code, 'invalid_request');
      assert.equal(r.error.reason, 'request.invalid');
      assert.equal(r.error.issues?.[0]?.pointer, pointer);
      assert.match(r.error.issues?.[0]?.detail ?? '', why);
      assert.equal(r.error.params?.pointer, pointer);
    }
    assert.equal(await attemptCount(), 0);
  });

  test('a default terminal the bank does not list is refused and not saved', async () => {
    const r = await call('setDefaultTerminal', { terminalId: randomUUID() });
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.error.code, 'not_found');
    const state = await call('getAppState', undefined);
    assert.ok(state.ok);
    assert.equal((state.value as { defaultTerminalId: string | null }).defaultTerminalId, null);
  });

  test('a client failing the shared rules is refused before any request', async () => {
    const r = await call('createClient', { kind: 'company', vat_number: 'FR12' });
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.error.code, 'invalid_request');
      assert.ok(r.error.issues?.some((i) => i.pointer === '/vat_number'));
    }
  });

  test('a bank rejection comes back typed with the bank\'s reason', async () => {
    const r = await call('unlockCard', { cardId: randomUUID() });
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.error.code, 'not_found');
      assert.equal(r.error.status, 404);
      assert.ok(r.error.traceId);
    }
  });

  test('no token appears in any log line', () => {
    assert.ok(logger.lines.length > 0);
    for (const line of logger.lines) assert.doesNotMatch(line, /ory_at_|Bearer [A-Za-z0-9]/);
  });
});

describe('terminalsView', () => {
  const t = (id: string) => ({ id, poi_id: `POI-${id}`, created_at: '', updated_at: '' });
  test('flags a saved default that the bank no longer lists', () => {
    assert.equal(terminalsView([t('a'), t('b')], 'b').defaultMissing, false);
    assert.equal(terminalsView([t('a')], 'b').defaultMissing, true);
    assert.equal(terminalsView([t('a')], null).defaultMissing, false);
    assert.deepEqual(terminalsView([t('a')], null).terminals, [{ id: 'a', poiId: 'POI-a', name: null, lastUsedAt: null }]);
  });
  test('names and last uses come from the shop directory; the latest use is marked', () => {
    const known = {
      a: { name: 'Comptoir', lastUsedAt: '2026-11-23T09:00:00.000Z', lastUsedBy: 'REG-1' },
      b: { name: null, lastUsedAt: '2026-11-23T10:00:00.000Z', lastUsedBy: 'REG-2' },
      gone: { name: 'Old', lastUsedAt: '2026-11-23T11:00:00.000Z', lastUsedBy: 'REG-1' },
    };
    const view = terminalsView([t('a'), t('b')], 'a', known);
    assert.deepEqual(view.terminals.map((x) => [x.name, x.lastUsedAt]), [['Comptoir', '2026-11-23T09:00:00.000Z'], [null, '2026-11-23T10:00:00.000Z']]);
    assert.equal(view.lastUsedId, 'b', 'a terminal the bank no longer lists is never "last used"');
  });
});
