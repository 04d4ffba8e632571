import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { ManualClock } from '../../shared/clock.js';
import { IllegalTransitionError } from './attempt-states.js';
import { AttemptStore } from './attempt-store.js';
import { Journal } from './journal.js';
import { dayFileName, localDay } from './journal-files.js';
import { newAttempt } from './new-attempt.js';
import { SALE, T0 } from './testing/engine-fixture.js';

let dir = '';
let journal: Journal | undefined;
afterEach(async () => {
  await journal?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openStore(onChange: (prev: Attempt | undefined, next: Attempt) => void = () => undefined) {
  dir = mkdtempSync(join(tmpdir(), 'counterpay-store-'));
  const loaded = await Journal.open(dir);
  journal = loaded.journal;
  return new AttemptStore(loaded.journal, loaded.attempts, new ManualClock({ start: T0, frozen: true }), () => true, onChange);
}

const fresh = () => newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0);
const fileText = () => readFileSync(join(dir, 'journal', dayFileName(localDay(T0))), 'utf8');

test('a change is on disk before the listener hears of it', async () => {
  const seen: boolean[] = [];
  const store = await openStore((_prev, next) => seen.push(fileText().includes(`"state":"${next.state}"`)));
  const a = fresh();
  await store.exclusive(() => store.commit([a]));
  await store.update(a.id, (cur) => ({ ...cur, state: 'accepted', paymentId: 'p1' }));
  assert.deepEqual(seen, [true, true]);
});

test('an illegal transition or a change to a creation field is refused and nothing is written', async () => {
  const store = await openStore();
  const a = fresh();
  await store.exclusive(() => store.commit([a]));
  const before = fileText();
  await assert.rejects(store.update(a.id, (cur) => ({ ...cur, state: 'authorized' })), IllegalTransitionError);
  await assert.rejects(store.update(a.id, (cur) => ({ ...cur, amountMinor: 9999 })), /amountMinor never changes/);
  await assert.rejects(store.update(a.id, (cur) => ({ ...cur, idempotencyKey: 'other' })), /idempotencyKey never changes/);
  await assert.rejects(store.exclusive(() => store.commit([{ ...fresh(), state: 'accepted', paymentId: 'p' }])), /must be created in state sending/);
  assert.equal(fileText(), before);
  assert.equal(store.get(a.id)?.state, 'sending');
});

test('the attempts holding the register are known without a pass over the day, through changes, restarts and a new day', async () => {
  const store = await openStore();
  const holding = () => [...store.holdingRegister()].map((a) => a.id);
  const a = fresh();
  await store.exclusive(() => store.commit([a]));
  assert.deepEqual(holding(), [a.id]);
  await store.update(a.id, (cur) => ({ ...cur, state: 'accepted', paymentId: 'p1' }));
  assert.deepEqual(holding(), [a.id], 'accepted still holds it');
  await store.update(a.id, (cur) => ({ ...cur, state: 'authorized', authorizedAmountMinor: cur.amountMinor }));
  assert.deepEqual(holding(), [], 'a final attempt frees it');
  const b = fresh();
  await store.exclusive(() => store.commit([b]));
  await store.update(b.id, (cur) => ({ ...cur, abandoned: true }));
  assert.deepEqual(holding(), [], 'an abandoned attempt frees it');
  const c = fresh();
  await store.exclusive(() => store.commit([c]));
  await journal?.close();
  const reopened = await Journal.open(dir);
  journal = reopened.journal;
  const again = new AttemptStore(reopened.journal, reopened.attempts, new ManualClock({ start: T0 + 86_400_000, frozen: true }), (x) => x.id === c.id, () => undefined);
  assert.deepEqual([...again.holdingRegister()].map((x) => x.id), [c.id], 'read back from the journal');
  const d = { ...fresh(), createdAt: T0 + 86_400_000, deadlineAt: T0 + 86_400_000 + 120_000, updatedAt: T0 + 86_400_000 };
  await again.exclusive(() => again.commit([d]));
  assert.deepEqual([...again.holdingRegister()].map((x) => x.id).sort(), [c.id, d.id].sort(), 'the new day keeps what is carried');
  assert.equal(again.get(a.id), undefined, 'and forgets the rest');
});

test("only the Charge starts its change in the caller's turn; any other change (a timer's) starts a turn later, after the clock moved on", async () => {
  const store = await openStore();
  const order: string[] = [];
  const timer = store.exclusive(() => void order.push('timer change'));
  order.push('clock advanced');
  await timer;
  const charge = store.exclusive(() => void order.push('charge'), true);
  order.push('after the charge call');
  await charge;
  // A charge behind another change still waits its turn.
  const first = store.exclusive(() => void order.push('first'));
  const queued = store.exclusive(() => void order.push('queued charge'), true);
  order.push('both asked');
  await Promise.all([first, queued]);
  assert.deepEqual(order, ['clock advanced', 'timer change', 'charge', 'after the charge call', 'both asked', 'first', 'queued charge']);
});
