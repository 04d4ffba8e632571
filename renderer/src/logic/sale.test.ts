import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { amountBlocker, chargeBlocker, effectiveTerminalId } from './sale.js';
import type { TerminalsView } from '../../../shared/ipc/types.js';

const view = (patch: Partial<TerminalsView> = {}): TerminalsView => ({
  terminals: [{ id: 't1', poiId: 'POI-1', name: null, lastUsedAt: null }, { id: 't2', poiId: 'POI-2', name: 'Terrasse', lastUsedAt: null }],
  lastUsedId: null,
  defaultTerminalId: 't1',
  defaultMissing: false,
  ...patch,
});

describe('effectiveTerminalId', () => {
  test('the default is preselected', () => {
    assert.equal(effectiveTerminalId(null, view()), 't1');
  });
  test("the cashier's pick wins while it is listed", () => {
    assert.equal(effectiveTerminalId('t2', view()), 't2');
    assert.equal(effectiveTerminalId('gone', view()), 't1');
  });
  test('a missing default preselects nothing', () => {
    assert.equal(effectiveTerminalId(null, view({ defaultTerminalId: 'old', defaultMissing: true })), null);
    assert.equal(effectiveTerminalId('t2', view({ defaultTerminalId: 'old', defaultMissing: true })), 't2');
  });
  test('nothing is chosen before the list is known', () => {
    assert.equal(effectiveTerminalId('t1', null), null);
  });
});

describe('chargeBlocker', () => {
  test('amount first, with the shared messages', () => {
    assert.equal(amountBlocker(0), 'Type the amount.');
    assert.equal(amountBlocker(9), 'The smallest amount a terminal accepts is 0.10.');
    assert.equal(amountBlocker(10), null);
    assert.equal(chargeBlocker({ amountMinor: 5, terminalId: null, metadataBlocker: 'x', connectionBlocker: null }), 'The smallest amount a terminal accepts is 0.10.');
  });
  test('then the terminal, then the metadata', () => {
    assert.equal(chargeBlocker({ amountMinor: 1330, terminalId: null, metadataBlocker: 'x', connectionBlocker: null }), 'Pick a terminal.');
    assert.equal(chargeBlocker({ amountMinor: 1330, terminalId: 't1', metadataBlocker: 'x', connectionBlocker: null }), 'x');
    assert.equal(chargeBlocker({ amountMinor: 1330, terminalId: 't1', metadataBlocker: null, connectionBlocker: null }), null);
  });
  test('a register without a bank connection cannot charge, whatever else is typed', () => {
    const signIn = 'A manager must sign in to the bank (Back office → Settings).';
    assert.equal(chargeBlocker({ amountMinor: 1330, terminalId: 't1', metadataBlocker: null, connectionBlocker: signIn }), signIn);
    assert.equal(chargeBlocker({ amountMinor: 0, terminalId: null, metadataBlocker: 'x', connectionBlocker: signIn }), signIn);
  });
});
