import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { actionLabel, attemptFlags, outcomeWords, presentAttempt } from './attempt-view.js';
import { makeAttempt } from './attempt-fixture.js';

const labels = (patch: Parameters<typeof makeAttempt>[0]) => {
  const a = makeAttempt({ paymentId: 'p1', ...patch });
  return presentAttempt(a).actions.map((x) => actionLabel(x, a.state));
};

describe('presentAttempt', () => {
  test('each state offers exactly the commands the engine allows', () => {
    assert.deepEqual(labels({ state: 'sending' }), []);
    assert.deepEqual(labels({ state: 'send_failed', paymentId: null }), ['Resend', 'Abandon']);
    assert.deepEqual(labels({ state: 'accepted' }), ['Check now', 'Abandon']);
    assert.deepEqual(labels({ state: 'authorized' }), ['New sale']);
    assert.deepEqual(labels({ state: 'refused' }), ['Try again', 'New sale']);
    assert.deepEqual(labels({ state: 'rejected' }), ['Try again', 'New sale']);
    assert.deepEqual(labels({ state: 'timed_out' }), ['Check again', 'Charge again', 'Abandon']);
    assert.deepEqual(labels({ state: 'timed_out', paymentId: null }), ['Charge again', 'Abandon'], 'nothing to check without a payment id');
    assert.deepEqual(labels({ state: 'accepted', abandoned: true }), ['Check now'], 'an abandoned attempt cannot be abandoned again');
  });

  test('paid after it was abandoned is never a plain Paid', () => {
    const late = presentAttempt(makeAttempt({ state: 'authorized', abandoned: true, possibleDuplicate: true }));
    assert.equal(late.heading, 'Paid after it was abandoned');
    assert.equal(late.tone, 'warning');
  });

  test('an automatic resend in flight keeps the resend screen with Resend greyed out', () => {
    const resending = presentAttempt(makeAttempt({ state: 'sending', sends: 2, lastError: { kind: 'reset', message: 'cut' } }));
    assert.equal(resending.heading, 'Connection problem — resending the same payment');
    assert.deepEqual(resending.actions, ['resend', 'abandon']);
    assert.equal(resending.actionsEnabled, false);
    assert.deepEqual(resending.details, ['The connection to the bank was cut.', 'Sent 2 times with the same key.']);
    const first = presentAttempt(makeAttempt({ state: 'sending', sends: 1 }));
    assert.equal(first.heading, 'Sending to the terminal…');
    assert.equal(first.actionsEnabled, true);
  });

  test('headings in plain words', () => {
    assert.equal(presentAttempt(makeAttempt({ state: 'sending' })).heading, 'Sending to the terminal…');
    assert.equal(presentAttempt(makeAttempt({ state: 'authorized' })).heading, 'Paid');
    assert.equal(presentAttempt(makeAttempt({ state: 'rejected' })).heading, 'Rejected by the bank');
    assert.equal(presentAttempt(makeAttempt({ state: 'timed_out' })).heading, 'No answer from the terminal');
  });

  test('refusal and rejection carry their reason; time-out says to look at the terminal', () => {
    assert.deepEqual(presentAttempt(makeAttempt({ state: 'refused', failureReason: 'insufficient_funds' })).details, ['Reason: insufficient_funds']);
    const rejected = makeAttempt({ state: 'rejected', lastError: { kind: 'http', status: 404, message: 'terminal not found' } });
    assert.deepEqual(presentAttempt(rejected).details, ['Reason: terminal not found']);
    assert.deepEqual(presentAttempt(makeAttempt({ state: 'timed_out' })).details, ['Look at the terminal screen before doing anything.']);
  });

  test('the countdown shows only while an outcome is expected', () => {
    assert.equal(presentAttempt(makeAttempt({ state: 'accepted' })).showCountdown, true);
    assert.equal(presentAttempt(makeAttempt({ state: 'send_failed' })).showCountdown, true);
    assert.equal(presentAttempt(makeAttempt({ state: 'timed_out' })).showCountdown, false);
    assert.equal(presentAttempt(makeAttempt({ state: 'authorized' })).showCountdown, false);
  });

  test('the focused action is never a destructive one', () => {
    assert.equal(presentAttempt(makeAttempt({ state: 'timed_out', paymentId: 'p1' })).primary, 'checkAgain');
    assert.equal(presentAttempt(makeAttempt({ state: 'timed_out' })).primary, null, 'Charge again is never the focused one');
    assert.equal(presentAttempt(makeAttempt({ state: 'accepted', paymentId: 'p1' })).primary, 'checkAgain');
    assert.equal(presentAttempt(makeAttempt({ state: 'sending' })).primary, null);
  });
});

describe('outcomeWords and flags', () => {
  test('abandoned open attempts say so; settled ones do not', () => {
    assert.equal(outcomeWords(makeAttempt({ state: 'timed_out', abandoned: true })), 'No answer (abandoned)');
    assert.equal(outcomeWords(makeAttempt({ state: 'authorized', abandoned: true })), 'Paid after abandon');
    assert.equal(outcomeWords(makeAttempt({ state: 'refused', abandoned: true })), 'Refused');
  });

  test('flags in words', () => {
    assert.deepEqual(attemptFlags(makeAttempt()), []);
    assert.deepEqual(attemptFlags(makeAttempt({ possibleDuplicate: true, lateOutcome: true })).length, 2);
    assert.equal(attemptFlags(makeAttempt({ possibleDuplicate: true }))[0], 'Possible duplicate — tell the manager');
  });
});

describe('send failure on the counter', () => {
  test('the bank route, status and trace id never reach the cashier', () => {
    const lastError = { kind: 'reset' as const, message: 'POST /v2/terminals/94aab53a-ec56/payment: the connection to the bank was cut before the answer was complete', traceId: 'trace-77' };
    const details = presentAttempt(makeAttempt({ state: 'send_failed', sends: 2, lastError })).details;
    assert.deepEqual(details, ['The connection to the bank was cut.', 'Sent 2 times with the same key.']);
    assert.ok(details.every((d) => !d.includes('/v2/') && !d.includes('trace-77')));
  });

  test('a failure before any answer was recorded still says something plain', () => {
    assert.deepEqual(presentAttempt(makeAttempt({ state: 'send_failed', sends: 1 })).details, ['The bank could not be reached.', 'Sent 1 time with the same key.']);
  });
});
