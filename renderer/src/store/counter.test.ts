import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attempt } from '../../../shared/domain/attempt.js';
import type { AppState, IpcResult } from '../../../shared/ipc/types.js';
import { makeAttempt } from '../logic/attempt-fixture.js';
import { useApp } from './app.js';
import { useCounter } from './counter.js';

/** A stand-in for window.counterpay that records calls and answers from a script. */
function fakeBridge(answer: (method: string, req: unknown) => IpcResult<unknown> | Promise<IpcResult<unknown>>) {
  const calls: { method: string; req: unknown }[] = [];
  const api = new Proxy({}, {
    get: (_t, method: string) => async (req: unknown) => {
      calls.push({ method, req });
      return answer(method, req);
    },
  });
  Object.assign(globalThis, { window: { counterpay: api } });
  return calls;
}

const type = (digits: string) => { for (const d of digits) useCounter.getState().press(d as '1'); };

beforeEach(() => {
  useApp.setState({ appState: null });
  useCounter.setState({ active: null, busy: false, error: null, notices: [], chosenTerminalId: null, clockSkewMs: 0 });
  useCounter.getState().newSale();
});

describe('counter store', () => {
  test('charge sends the typed cents and metadata, and the answer takes the screen', async () => {
    const calls = fakeBridge((_m, req) => ({ ok: true, value: makeAttempt({ id: 'charged', amountMinor: (req as { amountMinor: number }).amountMinor }) }));
    type('1330');
    useCounter.getState().setOrderReference('A-1');
    await useCounter.getState().charge('term-1');
    assert.deepEqual(calls, [{ method: 'charge', req: { terminalId: 'term-1', amountMinor: 1330, currency: 'EUR', metadata: { order_reference: 'A-1' } } }]);
    assert.equal(useCounter.getState().active?.amountMinor, 1330);
  });

  test('a double tap on Charge sends one request', async () => {
    let release!: () => void;
    const calls = fakeBridge(() => new Promise((r) => { release = () => r({ ok: true, value: makeAttempt() }); }));
    type('500');
    const first = useCounter.getState().charge('term-1');
    const second = useCounter.getState().charge('term-1');
    release();
    await Promise.all([first, second]);
    assert.equal(calls.length, 1);
  });

  test('nothing is sent while the sale is not valid', async () => {
    const calls = fakeBridge(() => ({ ok: true, value: makeAttempt() }));
    type('5');
    await useCounter.getState().charge('term-1');
    type('00');
    await useCounter.getState().charge(null);
    assert.equal(calls.length, 0);
  });

  test('Enter while signed out sends nothing: the bank connection blocks Charge', async () => {
    const calls = fakeBridge(() => ({ ok: true, value: makeAttempt() }));
    const appState = (status: 'signed_out' | 'connected'): AppState => ({
      environment: 'sandbox', registerId: 'R1', organization: null, connection: { status, message: null, grantedScopes: [] }, defaultTerminalId: null, deprecations: [],
    });
    useApp.setState({ appState: appState('signed_out') });
    type('500');
    await useCounter.getState().charge('term-1');
    assert.equal(calls.length, 0);
    useApp.setState({ appState: appState('connected') });
    await useCounter.getState().charge('term-1');
    assert.equal(calls.length, 1);
  });

  test('a refused call keeps the sale and shows the error', async () => {
    fakeBridge(() => ({ ok: false, error: { code: 'conflict', message: 'another attempt is active' } }));
    type('1000');
    await useCounter.getState().charge('term-1');
    const s = useCounter.getState();
    assert.equal(s.active, null);
    assert.equal(s.amountMinor, 1000);
    assert.equal(s.error?.message, 'another attempt is active');
    assert.equal(s.busy, false);
  });

  test('a thrown bridge call becomes an error, not a silent failure', async () => {
    fakeBridge(() => { throw new Error('ipc closed'); });
    type('1000');
    await useCounter.getState().charge('term-1');
    assert.equal(useCounter.getState().error?.code, 'internal');
    assert.match(useCounter.getState().error?.message ?? '', /ipc closed/);
  });

  test('abandon clears the screen and the sale; retry shows the new attempt', async () => {
    const on = makeAttempt({ id: 'timed', state: 'timed_out' });
    const next = makeAttempt({ id: 'retry', previousAttemptId: on.id });
    const calls = fakeBridge((m) => ({ ok: true, value: m === 'retryAttempt' ? next : { ...on, abandoned: true } }));
    useCounter.setState({ active: on });
    await useCounter.getState().act('chargeAgain');
    assert.deepEqual(calls[0], { method: 'retryAttempt', req: { attemptId: 'timed', confirmedNoPayment: true } });
    assert.equal(useCounter.getState().active?.id, next.id);
    type('99');
    await useCounter.getState().act('abandon');
    assert.equal(useCounter.getState().active, null);
    assert.equal(useCounter.getState().amountMinor, 0);
  });

  test('a late outcome for an attempt off screen becomes a notice', () => {
    const late: Attempt = makeAttempt({ id: 'late', state: 'authorized', abandoned: true, lateOutcome: true });
    useCounter.getState().receive(late);
    assert.equal(useCounter.getState().active, null);
    assert.deepEqual(useCounter.getState().notices.map((n) => n.id), [late.id]);
    useCounter.getState().dismissNotice(late.id);
    assert.equal(useCounter.getState().notices.length, 0);
  });

  test('after a restart the open attempt of the journal takes the screen', () => {
    useCounter.getState().reconcile([makeAttempt({ id: 'paid-r', state: 'authorized' }), makeAttempt({ id: 'open-r', state: 'accepted' })]);
    assert.equal(useCounter.getState().active?.id, 'open-r');
  });

  test('a journal listing older than an event never brings back a settled attempt', () => {
    // The event says Paid before the first listing (requested earlier) answers "waiting".
    useCounter.getState().receive(makeAttempt({ id: 'race', state: 'authorized', updatedAt: 2 }));
    useCounter.getState().reconcile([makeAttempt({ id: 'race', state: 'accepted', updatedAt: 1 })]);
    assert.equal(useCounter.getState().active, null);
  });

  test('a listing newer than the screen updates it', () => {
    useCounter.getState().reconcile([makeAttempt({ id: 'up', state: 'accepted', updatedAt: 1 })]);
    useCounter.getState().reconcile([makeAttempt({ id: 'up', state: 'authorized', updatedAt: 3 })]);
    assert.equal(useCounter.getState().active?.state, 'authorized');
  });
});
