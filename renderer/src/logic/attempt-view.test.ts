import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { actionLabel, attemptFlags, outcomeWords, presentAttempt } from './attempt-view.js';
import { makeAttempt } from './attempt-fixture.js';
import { translator } from '../../../shared/i18n/translate.js';

const t = translator('en');

const labels = (patch: Parameters<typeof makeAttempt>[0]) => {
  const a = makeAttempt({ paymentId: 'p1', ...patch });
  return presentAttempt(a, t).actions.map((x) => t(actionLabel(x, a.state)));
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
    const late = presentAttempt(makeAttempt({ state: 'authorized', abandoned: true, possibleDuplicate: true }), t);
    assert.equal(late.heading, 'Paid after it was abandoned');
    assert.equal(late.tone, 'warning');
  });

  test('an automatic resend in flight keeps the resend screen with Resend greyed out', () => {
    const resending = presentAttempt(makeAttempt({ state: 'sending', sends: 2, lastError: { kind: 'reset', message: 'cut' } }), t);
    assert.equal(resending.heading, 'Connection problem — resending the same payment');
    assert.deepEqual(resending.actions, ['resend', 'abandon']);
    assert.equal(resending.actionsEnabled, false);
    assert.deepEqual(resending.details, ['The connection to the bank was cut.', 'Sent 2 times with the same key.']);
    const first = presentAttempt(makeAttempt({ state: 'sending', sends: 1 }), t);
    assert.equal(first.heading, 'Sending to the terminal…');
    assert.equal(first.actionsEnabled, true);
  });

  test('headings in plain words', () => {
    assert.equal(presentAttempt(makeAttempt({ state: 'sending' }), t).heading, 'Sending to the terminal…');
    assert.equal(presentAttempt(makeAttempt({ state: 'authorized' }), t).heading, 'Paid');
    assert.equal(presentAttempt(makeAttempt({ state: 'rejected' }), t).heading, 'Rejected by the bank');
    assert.equal(presentAttempt(makeAttempt({ state: 'timed_out' }), t).heading, 'No answer from the terminal');
  });

  test('refusal and rejection carry their reason; time-out says to look at the terminal', () => {
    assert.deepEqual(presentAttempt(makeAttempt({ state: 'refused', failureReason: 'insufficient_funds' }), t).details, ['Insufficient funds — ask for another card']);
    assert.deepEqual(presentAttempt(makeAttempt({ state: 'refused', failureReason: 'insufficient_funds' }), translator('de')).details,
      ['Deckung nicht ausreichend — bitten Sie um eine andere Karte']);
    assert.deepEqual(presentAttempt(makeAttempt({ state: 'refused', failureReason: null }), translator('es')).details,
      ['Denegado — pida otra tarjeta u otra forma de pago']);
    // The bank's own text (an id, a route) stays in the journal; the cashier gets the next step.
    const rejected = makeAttempt({ state: 'rejected', lastError: { kind: 'http', status: 404, message: 'terminal 94aab53a not found' } });
    assert.deepEqual(presentAttempt(rejected, t).details, ['The bank did not take this payment. Try again; if it happens again, call a manager.']);
    assert.deepEqual(presentAttempt(makeAttempt({ state: 'timed_out' }), t).details, ['Look at the terminal screen before doing anything.']);
  });

  test('the countdown shows only while an outcome is expected', () => {
    assert.equal(presentAttempt(makeAttempt({ state: 'accepted' }), t).showCountdown, true);
    assert.equal(presentAttempt(makeAttempt({ state: 'send_failed' }), t).showCountdown, true);
    assert.equal(presentAttempt(makeAttempt({ state: 'timed_out' }), t).showCountdown, false);
    assert.equal(presentAttempt(makeAttempt({ state: 'authorized' }), t).showCountdown, false);
  });

  test('the focused action is never a destructive one', () => {
    assert.equal(presentAttempt(makeAttempt({ state: 'timed_out', paymentId: 'p1' }), t).primary, 'checkAgain');
    assert.equal(presentAttempt(makeAttempt({ state: 'timed_out' }), t).primary, null, 'Charge again is never the focused one');
    assert.equal(presentAttempt(makeAttempt({ state: 'accepted', paymentId: 'p1' }), t).primary, 'checkAgain');
    assert.equal(presentAttempt(makeAttempt({ state: 'sending' }), t).primary, null);
  });
});

describe('outcomeWords and flags', () => {
  test('abandoned open attempts say so; settled ones do not', () => {
    assert.equal(outcomeWords(makeAttempt({ state: 'timed_out', abandoned: true }), t), 'No answer (abandoned)');
    assert.equal(outcomeWords(makeAttempt({ state: 'authorized', abandoned: true }), t), 'Paid after abandon');
    assert.equal(outcomeWords(makeAttempt({ state: 'refused', abandoned: true }), t), 'Refused');
  });

  test('a paid card names its network in words, never the bank code', () => {
    const paid = makeAttempt({ state: 'authorized', paymentMethod: 'cartebancaire', cardSummary: '2120' });
    assert.deepEqual(presentAttempt(paid, translator('fr')).details, ['Carte Bancaire •••• 2120']);
    assert.equal(outcomeWords(makeAttempt({ state: 'timed_out', abandoned: true }), translator('it')), 'Nessuna risposta (abbandonato)');
  });

  test('flags in words', () => {
    assert.deepEqual(attemptFlags(makeAttempt(), t), []);
    assert.deepEqual(attemptFlags(makeAttempt({ possibleDuplicate: true, lateOutcome: true }), t).length, 2);
    assert.equal(attemptFlags(makeAttempt({ possibleDuplicate: true }), t)[0], 'Possible duplicate — tell the manager');
  });
});

describe('send failure on the counter', () => {
  test('the bank route, status and trace id never reach the cashier', () => {
    const lastError = { kind: 'reset' as const, message: 'POST /v2/terminals/94aab53a-ec56/payment: the connection to the bank was cut before the answer was complete', traceId: 'trace-77' };
    const details = presentAttempt(makeAttempt({ state: 'send_failed', sends: 2, lastError }), t).details;
    assert.deepEqual(details, ['The connection to the bank was cut.', 'Sent 2 times with the same key.']);
    assert.ok(details.every((d) => !d.includes('/v2/') && !d.includes('trace-77')));
  });

  test('a failure before any answer was recorded still says something plain', () => {
    assert.deepEqual(presentAttempt(makeAttempt({ state: 'send_failed', sends: 1 }), t).details, ['The bank could not be reached.', 'Sent 1 time with the same key.']);
  });
});
