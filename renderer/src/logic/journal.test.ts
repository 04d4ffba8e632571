import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newestFirst } from './journal.js';
import { makeAttempt } from './attempt-fixture.js';

describe('journal', () => {
  const first = makeAttempt({ id: 'a1', idempotencyKey: 'aaaaaaaa-1', saleId: 's', createdAt: 1, state: 'timed_out', retriedBy: 'a2' });
  const second = makeAttempt({ id: 'a2', idempotencyKey: 'bbbbbbbb-2', saleId: 's', createdAt: 2, previousAttemptId: 'a1', state: 'refused' });
  const third = makeAttempt({ id: 'a3', idempotencyKey: 'cccccccc-3', saleId: 's', createdAt: 3, previousAttemptId: 'a2', state: 'authorized' });
  const other = makeAttempt({ id: 'o', idempotencyKey: 'dddddddd-4', saleId: 't', createdAt: 4 });
  const all = [first, second, third, other];

  test('newest first', () => {
    assert.deepEqual(newestFirst(all).map((a) => a.id), ['o', 'a3', 'a2', 'a1']);
  });
});
