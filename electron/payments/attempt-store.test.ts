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
