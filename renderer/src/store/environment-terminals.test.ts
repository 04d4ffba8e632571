import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppState, IpcResult, TerminalsView } from '../../../shared/ipc/types.js';
import { useApp } from './app.js';
import { followAppState } from './follow-app-state.js';

const state = (environment: AppState['environment'], status: AppState['connection']['status']): AppState => ({
  environment, registerId: 'R1', organization: null, connection: { status, message: null, grantedScopes: [] }, defaultTerminalId: null, deprecations: [],
});
const listed = (id: string): TerminalsView => ({ terminals: [{ id, poiId: id, name: null, lastUsedAt: null }], lastUsedId: null, defaultTerminalId: null, defaultMissing: false });

/** The bridge as the preload exposes it: each listTerminals answer is released by the test. */
function bridge(): { answer: (r: IpcResult<TerminalsView>) => void; asked: () => number } {
  const waiting: ((r: IpcResult<TerminalsView>) => void)[] = [];
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const api = new Proxy({}, {
    get: (_t, method: string) => {
      if (method === 'listTerminals') return () => new Promise((done) => waiting.push(done));
      if (method === 'listAttempts') return () => ok({ seq: 0, attempts: [], totals: null, journalWarnings: [] });
      return () => Promise.resolve({ ok: false, error: { code: 'internal', message: 'not in this test' } });
    },
  });
  Object.assign(globalThis, { window: { counterpay: api } });
  return { answer: (r) => waiting.shift()?.(r), asked: () => waiting.length };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('terminals across an environment switch', () => {
  test('the previous environment\'s terminals are dropped at the switch and never come back, even when the new list cannot be read', async () => {
    const b = bridge();
    useApp.setState({ appState: state('sandbox', 'connected'), terminals: listed('SANDBOX-T1'), terminalsError: null });
    followAppState(state('production', 'signed_out'));
    assert.equal(useApp.getState().terminals, null, 'nothing from the sandbox stays on offer');
    await flush();
    assert.equal(b.asked(), 1, 'the new environment\'s list is asked for');
    b.answer({ ok: false, error: { code: 'signed_out', message: 'signed out' } });
    await flush();
    assert.equal(useApp.getState().terminals, null);
    assert.equal(useApp.getState().terminalsError?.code, 'signed_out');
  });

  test('a list asked for before the switch is thrown away when it answers after it', async () => {
    const b = bridge();
    useApp.setState({ appState: state('sandbox', 'connected'), terminals: null, terminalsError: null });
    void useApp.getState().loadTerminals();
    followAppState(state('production', 'connected'));
    await flush();
    b.answer({ ok: true, value: listed('SANDBOX-T1') });
    await flush();
    assert.equal(useApp.getState().terminals, null, 'the sandbox answer arrived after the switch');
    b.answer({ ok: true, value: listed('PROD-T1') });
    await flush();
    assert.deepEqual(useApp.getState().terminals?.terminals.map((t) => t.id), ['PROD-T1']);
  });
  test('at start-up the list asked for before the first app state arrived is kept (no switch happened)', async () => {
    const b = bridge();
    useApp.setState({ appState: null, terminals: null, terminalsError: null });
    void useApp.getState().loadTerminals();
    useApp.getState().setAppState(state('training', 'connected'));
    await flush();
    b.answer({ ok: true, value: listed('TRAINING-T1') });
    await flush();
    assert.deepEqual(useApp.getState().terminals?.terminals.map((t) => t.id), ['TRAINING-T1']);
  });
});
