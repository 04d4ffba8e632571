import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDenseList, plainJsonIssue } from './plain-json.js';

test('a list with a hole or a named property is not plain JSON, even when the two make the count right', () => {
  // eslint-disable-next-line no-sparse-arrays -- the hole is the damage under test
  const holeAndName = Object.assign([1, , 3], { x: 2 });
  const named = Object.assign([1, 2], { x: 3 });
  // eslint-disable-next-line no-sparse-arrays -- the hole is the damage under test
  const hole = [1, , 3];
  for (const list of [holeAndName, named, hole]) {
    assert.equal(isDenseList(list), false);
    assert.equal(plainJsonIssue({ l: list })?.code, 'not_json');
  }
  assert.ok(isDenseList([1, 2, 3]) && isDenseList([]));
  assert.equal(plainJsonIssue({ l: [1, { a: [2] }] }), null);
});
