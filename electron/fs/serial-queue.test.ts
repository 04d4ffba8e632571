import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { SerialQueue } from './serial-queue.js';

describe('SerialQueue', () => {
  test('runs tasks one at a time in call order, each resolving with its own value', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let releaseFirst!: () => void;
    const first = queue.run(async () => {
      log.push('first start');
      await new Promise<void>((r) => (releaseFirst = r));
      log.push('first end');
      return 1;
    });
    const second = queue.run(async () => {
      log.push('second');
      return 2;
    });
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(log, ['first start'], 'the second task waits for the first');
    releaseFirst();
    assert.deepEqual(await Promise.all([first, second]), [1, 2]);
    assert.deepEqual(log, ['first start', 'first end', 'second']);
  });

  test('a failed task rejects to its caller only; later tasks still run', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(() => Promise.reject(new Error('disk full')));
    const next = queue.run(async () => 'ok');
    await assert.rejects(failed, /disk full/);
    assert.equal(await next, 'ok');
  });
});
