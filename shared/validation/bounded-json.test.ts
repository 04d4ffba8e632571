import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DOCUMENT_LIMITS, parseBoundedJson } from './bounded-json.js';
import { deepJsonText, hugeJsonText, longestTimerGap, FREE_LOOP_MS } from '../testing/hostile-json.js';

test('a 6 000-deep document is refused as too deep, naming where, without recursion', async () => {
  let result: ReturnType<typeof parseBoundedJson> | undefined;
  const gap = await longestTimerGap(async () => { result = parseBoundedJson(deepJsonText(), 1e9); });
  assert.ok(result && !result.ok && result.limit, JSON.stringify(result));
  assert.match(result.reason, new RegExp(`^too deep: /a/a.* nested more than ${DOCUMENT_LIMITS.maxDepth} levels deep$`));
  assert.ok(gap < FREE_LOOP_MS, `longest timer gap ${gap.toFixed(0)} ms`);
});

test('text over the size limit is refused before parsing; under it, parsed', () => {
  const huge = hugeJsonText(6);
  const refused = parseBoundedJson(huge, 4 * 1024 * 1024);
  assert.ok(!refused.ok && refused.limit);
  assert.match(refused.reason, /^too large: \d+ characters, over the limit of 4194304$/);
  const read = parseBoundedJson(huge, 8 * 1024 * 1024);
  assert.ok(read.ok);
});

test('too many values, too long a text, not JSON: each named', () => {
  const many = parseBoundedJson(JSON.stringify(Array.from({ length: DOCUMENT_LIMITS.maxNodes }, () => 0)), 1e9);
  assert.ok(!many.ok && many.limit && /holds more than 500000 values in all/.test(many.reason), JSON.stringify(many));
  const long = parseBoundedJson(JSON.stringify({ t: 'y'.repeat(DOCUMENT_LIMITS.maxStringLength + 1) }), 1e9);
  assert.ok(!long.ok && long.limit && /^too large: \/t text of 1048577 characters/.test(long.reason), JSON.stringify(long));
  const junk = parseBoundedJson('{"a":', 100);
  assert.ok(!junk.ok && !junk.limit && junk.reason.startsWith('not valid JSON'));
  assert.deepEqual(parseBoundedJson('{"a":[1,{"b":null}]}', 100), { ok: true, value: { a: [1, { b: null }] } });
});
