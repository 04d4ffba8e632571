/** The engine's request stop: once, with its first reason, heard by onStop as an AbortSignal is. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { onStop } from '../../shared/domain/stop-signal.js';
import { RequestStop } from './request-stop.js';

test('a request stop stops once, keeps its first reason, and tells each listener once', () => {
  const stop = new RequestStop();
  const heard: string[] = [];
  onStop(stop, () => heard.push('a'));
  const forget = onStop(stop, () => heard.push('b'));
  forget();
  assert.equal(stop.aborted, false);
  stop.abort('deadline');
  stop.abort('close');
  assert.deepEqual([stop.aborted, stop.reason, heard], [true, 'deadline', ['a']]);
});

test('onStop listens to an AbortSignal the same way', () => {
  const controller = new AbortController();
  const heard: unknown[] = [];
  onStop(controller.signal, () => heard.push(controller.signal.reason));
  const forget = onStop(controller.signal, () => heard.push('forgotten'));
  forget();
  controller.abort('close');
  controller.abort('again');
  assert.deepEqual(heard, ['close']);
});
