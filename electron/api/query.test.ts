import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildQuery } from './query.js';
import { segment } from './path.js';
import { ValidationError } from './validation-error.js';

test('arrays repeat key[] and brackets stay literal', () => {
  assert.equal(buildQuery({ 'statuses[]': ['live', 'paused'], page: 2 }), '?statuses[]=live&statuses[]=paused&page=2');
  assert.equal(buildQuery({ ids: ['a', 'b'] }), '?ids[]=a&ids[]=b');
});

test('filters keep their brackets and values are percent-encoded', () => {
  assert.equal(buildQuery({ 'filter[name]': 'Café & Co', sort_by: 'name:asc' }), '?filter[name]=Caf%C3%A9%20%26%20Co&sort_by=name%3Aasc');
  assert.equal(buildQuery({ 'filter[email]': 'a+b@x.fr' }), '?filter[email]=a%2Bb%40x.fr');
});

test('unset values and empty arrays are left out; booleans and numbers are written', () => {
  assert.equal(buildQuery({ a: undefined, b: null, c: [], d: false, e: 0 }), '?d=false&e=0');
  assert.equal(buildQuery({}), '');
  assert.equal(buildQuery(), '');
});

test('path segments are encoded and dot segments refused', () => {
  assert.equal(segment('a/b?c', 'card'), 'a%2Fb%3Fc');
  for (const bad of ['', '  ', '.', '..', 42]) assert.throws(() => segment(bad, 'card'), ValidationError);
});
