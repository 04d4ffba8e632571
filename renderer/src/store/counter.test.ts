import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppState, IpcResult } from '../../../shared/ipc/types.js';
import { emptyFigures } from '../../../shared/domain/money-figures.js';
import { makeAttempt } from '../logic/attempt-fixture.js';
import { useApp } from './app.js';
import { useCounter } from './counter.js';
import { attemptById, dayList, registerHolder, useAttempts } from './attempts.js';

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

const TOTALS = { day: '2026-04-01', ...emptyFigures(), currency: 'EUR' as const };
const paid = (minor: number) => ({ ...TOTALS, authorized: { count: 1, authorizedMinor: minor, tipMinor: 0 }, netMinor: minor });
const shown = () => attemptById(useAttempts.getState(), useCounter.getState().focusId);

beforeEach(() => {
  useApp.setState({ appState: null });
  useAttempts.setState({ byId: {}, totals: null, totalsSeq: -1, loaded: false, error: null, journalWarnings: [] });
  useCounter.setState({ focusId: null, busy: false, error: null, chosenTerminalId: null, clockSkewMs: 0 });
  useCounter.getState().newSale();
});

describe('counter store', () => {
  test('charge sends the typed cents and metadata, and the answer takes the screen', async () => {
    const calls = fakeBridge((_m, req) => ({ ok: true, value: makeAttempt({ id: 'charged', amountMinor: (req as { amountMinor: number }).amountMinor }) }));
    type('1330');
    useCounter.getState().setOrderReference('A-1');
    await useCounter.getState().charge('term-1');
    assert.deepEqual(calls, [{ method: 'charge', req: { terminalId: 'term-1', amountMinor: 1330, currency: 'EUR', metadata: { order_reference: 'A-1' } } }]);
    assert.equal(shown()?.amountMinor, 1330);
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
    assert.equal(s.focusId, null);
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
    const calls = fakeBridge((m) => ({ ok: true, value: m === 'chargeAgain' ? next : { ...on, abandoned: true } }));
    useAttempts.getState().receive({ seq: 1, attempt: on, totals: TOTALS });
    useCounter.setState({ focusId: on.id });
    await useCounter.getState().act('chargeAgain');
    assert.deepEqual(calls[0], { method: 'chargeAgain', req: { attemptId: 'timed', confirmedNoPayment: true } });
    assert.equal(shown()?.id, next.id);
    type('99');
    await useCounter.getState().act('abandon');
    assert.equal(useCounter.getState().focusId, null);
    assert.equal(useCounter.getState().amountMinor, 0);
  });

  test('an idle window follows the sale holding the register; a window with a typed amount keeps it', () => {
    const other = makeAttempt({ id: 'other', state: 'sending' });
    type('2500');
    useCounter.getState().observe(other);
    assert.equal(useCounter.getState().focusId, null, 'the typed amount is not taken over');
    assert.equal(useCounter.getState().amountMinor, 2500);
    useCounter.getState().newSale();
    useCounter.getState().observe(other);
    assert.equal(useCounter.getState().focusId, 'other');
  });
});

describe('attempts store: one ordered view', () => {
  test('the higher sequence wins whatever the order of arrival', () => {
    const a = (state: 'accepted' | 'authorized') => makeAttempt({ id: 'race', state });
    useAttempts.getState().receive({ seq: 7, attempt: a('authorized'), totals: paid(1330) });
    useAttempts.getState().receive({ seq: 6, attempt: a('accepted'), totals: TOTALS });
    useAttempts.getState().receiveView({ attempts: [a('accepted')], seq: 5, totals: TOTALS, journalWarnings: [] });
    assert.equal(attemptById(useAttempts.getState(), 'race')?.state, 'authorized');
    assert.equal(useAttempts.getState().totals?.authorized.authorizedMinor, 1330);
  });

  test('the register holder is the newest live attempt; a midnight view replaces the day', () => {
    useAttempts.getState().receiveView({
      attempts: [makeAttempt({ id: 'paid', state: 'authorized', createdAt: new Date(2026, 3, 1, 9).getTime() }), makeAttempt({ id: 'open', state: 'accepted', createdAt: new Date(2026, 3, 1, 23, 59).getTime() })],
      seq: 3, totals: paid(1330), journalWarnings: [],
    });
    assert.equal(registerHolder(useAttempts.getState())?.id, 'open');
    assert.deepEqual(dayList(useAttempts.getState()).map((a) => a.id), ['open', 'paid']);
    useAttempts.getState().receiveView({ attempts: [], seq: 3, totals: { ...TOTALS, day: '2026-04-02' }, journalWarnings: [] });
    assert.equal(useAttempts.getState().totals?.authorized.authorizedMinor, 0, 'the new day starts at zero');
    assert.deepEqual(dayList(useAttempts.getState()).map((a) => a.id), ['open'], 'yesterday\'s unfinished attempt stays, yesterday\'s paid one goes');
  });

  test('a closed day is known from the day\'s view, and the view pushed at midnight forgets it', () => {
    const closed = { by: { id: 'marie', name: 'Marie' }, at: 1000 };
    useAttempts.getState().receiveView({ attempts: [], seq: 4, totals: TOTALS, journalWarnings: [], closed });
    assert.deepEqual(useAttempts.getState().closed, closed);
    useAttempts.getState().receiveView({ attempts: [], seq: 4, totals: { ...TOTALS, day: '2026-04-02' }, journalWarnings: [] });
    assert.equal(useAttempts.getState().closed, null, 'the new day is open');
  });
});
