import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AttemptError } from '../../../shared/domain/attempt.js';
import { sendProblemWords } from './send-problem.js';
import { translator } from '../../../shared/i18n/translate.js';

const t = translator('en');

const SIGN_IN = 'This register is not signed in to the bank. A manager must sign in; the payment will be resent with the same key.';
const err = (kind: AttemptError['kind'], status?: number): AttemptError => ({
  kind,
  message: 'POST /v2/terminals/94aab53a/payment: technical detail',
  traceId: 'trace-1',
  ...(status !== undefined ? { status } : {}),
});

describe('sendProblemWords', () => {
  test('transport faults in plain words', () => {
    assert.equal(sendProblemWords(err('connect_refused'), t), 'The bank could not be reached.');
    assert.equal(sendProblemWords(err('timeout'), t), 'The bank did not answer in time.');
    assert.equal(sendProblemWords(err('reset'), t), 'The connection to the bank was cut.');
    assert.equal(sendProblemWords(err('network'), t), 'The network is not working.');
    assert.equal(sendProblemWords(err('aborted'), t), 'Sending was interrupted before the bank answered.');
  });

  test('bank statuses: 5xx is temporary, 429 asks to wait', () => {
    assert.equal(sendProblemWords(err('http', 500), t), 'The bank had a temporary problem.');
    assert.equal(sendProblemWords(err('http', 503), t), 'The bank had a temporary problem.');
    assert.equal(sendProblemWords(err('http', 599), t), 'The bank had a temporary problem.');
    assert.equal(sendProblemWords(err('http', 429), t), 'The bank asked us to wait a moment.');
  });

  test('a lost sign-in says who must act and that the same key is kept', () => {
    assert.equal(sendProblemWords(err('unauthorized'), t), SIGN_IN);
    assert.equal(sendProblemWords(err('unauthorized', 401), t), SIGN_IN);
    assert.equal(sendProblemWords(err('http', 401), t), SIGN_IN);
  });

  test('an unexpected status or no status stays vague rather than technical', () => {
    assert.equal(sendProblemWords(err('http', 409), t), 'The bank could not take the payment yet.');
    assert.equal(sendProblemWords(err('http', 600), t), 'The bank could not take the payment yet.');
    assert.equal(sendProblemWords(err('http'), t), 'The bank could not take the payment yet.');
  });

  test('nothing recorded yet reads as unreachable', () => {
    assert.equal(sendProblemWords(null, t), 'The bank could not be reached.');
  });

  test('a kind unknown to this build (an older or newer journal) still gets words', () => {
    assert.equal(sendProblemWords({ kind: 'gremlins', message: 'x' } as unknown as AttemptError, t), 'The bank could not be reached.');
  });

  test('never the message, status or trace id', () => {
    for (const kind of ['http', 'connect_refused', 'timeout', 'reset', 'aborted', 'network', 'unauthorized'] as const) {
      const words = sendProblemWords(err(kind, 502), t);
      assert.ok(!/\/v2\/|trace-1|technical|502/.test(words), `${kind}: ${words}`);
    }
  });
});
