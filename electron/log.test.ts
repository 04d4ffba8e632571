import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger, LATER_MS, memoryLogger } from './log.js';

const aMoment = () => new Promise((resolve) => setTimeout(resolve, LATER_MS + 20));

test('a later line is made after the work that logged it, in order, stamped when it was logged, redacted', async () => {
  const lines: string[] = [];
  const logger = createLogger((l) => lines.push(l));
  logger.addSecret('tok_0123456789');
  const before = Date.now();
  logger.later('info', 'attempt sending', { attemptId: 'a1', header: 'Bearer tok_0123456789' });
  logger.later('warn', 'bank request', { status: 503 });
  logger.info('now');
  assert.deepEqual(lines.map((l) => JSON.parse(l).msg), ['now'], 'the later lines wait; a plain line does not');
  await aMoment();
  const parsed = lines.map((l) => JSON.parse(l) as { msg: string; level: string; t: string });
  assert.deepEqual(parsed.map((l) => l.msg), ['now', 'attempt sending', 'bank request']);
  assert.equal(parsed[2]!.level, 'warn');
  const stamped = Date.parse(parsed[1]!.t);
  assert.ok(stamped >= before && stamped <= Date.parse(parsed[0]!.t), 'stamped when logged, not when written');
  assert.doesNotMatch(lines.join('\n'), /tok_0123456789/);
});

test('a later line keeps its fields as they were, and a sink that throws stops neither the caller nor the next line', async () => {
  const lines: string[] = [];
  let fail = true;
  const logger = createLogger((l) => {
    if (fail) {
      fail = false;
      throw new Error('disk full');
    }
    lines.push(l);
  });
  const fields = { state: 'sending' };
  logger.later('info', 'first', fields);
  logger.later('info', 'second', fields);
  fields.state = 'accepted';
  await aMoment();
  assert.equal(lines.length, 1);
  assert.equal(JSON.parse(lines[0]!).msg, 'second');
  assert.equal(JSON.parse(lines[0]!).state, 'sending');
});

test("a test's memory logger writes later lines at once, so every line is there when the work is done", () => {
  const logger = memoryLogger();
  logger.later('debug', 'right away');
  assert.equal(logger.lines.length, 1);
});
