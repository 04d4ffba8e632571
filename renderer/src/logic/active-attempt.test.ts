import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { applyUpdate, fresher, LatestCopies, pickActive, reconcile } from './active-attempt.js';
import { makeAttempt } from './attempt-fixture.js';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('pickActive', () => {
  test('picks the newest open attempt, skipping settled, abandoned and retried ones', () => {
    const attempts = [
      makeAttempt({ id: 'old', state: 'accepted', createdAt: 1 }),
      makeAttempt({ id: 'new', state: 'timed_out', createdAt: 5 }),
      makeAttempt({ id: 'paid', state: 'authorized', createdAt: 9 }),
      makeAttempt({ id: 'gone', state: 'accepted', abandoned: true, createdAt: 10 }),
      makeAttempt({ id: 'retried', state: 'timed_out', retriedBy: 'x', createdAt: 11 }),
    ];
    assert.equal(pickActive(attempts)?.id, 'new');
    assert.equal(pickActive([makeAttempt({ state: 'refused' })]), null);
  });
});

describe('fresher', () => {
  test('newer updatedAt wins, whatever the arrival order', () => {
    const older = makeAttempt({ state: 'sending', updatedAt: 1 });
    const newer = makeAttempt({ state: 'accepted', updatedAt: 2 });
    assert.equal(fresher(older, newer), newer);
    assert.equal(fresher(newer, older), newer);
  });

  test('on a tie, more sends then further progress wins', () => {
    assert.equal(fresher(makeAttempt({ sends: 2, state: 'send_failed' }), makeAttempt({ sends: 1, state: 'accepted' })).sends, 2);
    assert.equal(fresher(makeAttempt({ state: 'authorized' }), makeAttempt({ state: 'accepted' })).state, 'authorized');
  });
});

describe('applyUpdate', () => {
  test('a live attempt takes an empty screen; a settled one does not', () => {
    assert.equal(applyUpdate(null, makeAttempt({ id: A }))?.id, A);
    assert.equal(applyUpdate(null, makeAttempt({ id: A, state: 'authorized' })), null);
  });

  test('the attempt on screen follows its own updates, and leaves when abandoned', () => {
    const on = makeAttempt({ id: A, state: 'accepted', updatedAt: 1 });
    assert.equal(applyUpdate(on, makeAttempt({ id: A, state: 'authorized', updatedAt: 2 }))?.state, 'authorized');
    assert.equal(applyUpdate(on, makeAttempt({ id: A, abandoned: true, updatedAt: 2 })), null);
    assert.equal(applyUpdate(on, makeAttempt({ id: A, state: 'sending', updatedAt: 0 }))?.state, 'accepted');
  });

  test('another live attempt replaces a settled screen or a retried one, not an open one', () => {
    const paid = makeAttempt({ id: A, state: 'authorized' });
    assert.equal(applyUpdate(paid, makeAttempt({ id: B }))?.id, B);
    const open = makeAttempt({ id: A, state: 'timed_out' });
    assert.equal(applyUpdate(open, makeAttempt({ id: B }))?.id, A);
    assert.equal(applyUpdate(open, makeAttempt({ id: B, previousAttemptId: A }))?.id, B);
    assert.equal(applyUpdate(open, makeAttempt({ id: B, state: 'refused' }))?.id, A);
  });
});

describe('reconcile', () => {
  test('a stale listing cannot undo what an event already said', () => {
    const copies = new LatestCopies();
    copies.remember(makeAttempt({ id: A, state: 'authorized', updatedAt: 5 }));
    assert.equal(reconcile(null, [makeAttempt({ id: A, state: 'accepted', updatedAt: 1 })], copies), null);
  });

  test('the attempt on screen is refreshed from the listing, and leaves once abandoned', () => {
    const copies = new LatestCopies();
    const on = makeAttempt({ id: A, state: 'accepted', updatedAt: 1 });
    assert.equal(reconcile(on, [makeAttempt({ id: A, state: 'refused', updatedAt: 2 })], copies)?.state, 'refused');
    assert.equal(reconcile(on, [makeAttempt({ id: A, abandoned: true, state: 'accepted', updatedAt: 3 })], copies), null);
  });

  test('with nothing on screen, an open attempt of the listing is resumed', () => {
    const copies = new LatestCopies();
    assert.equal(reconcile(null, [makeAttempt({ id: B, state: 'timed_out' })], copies)?.id, B);
  });
});
