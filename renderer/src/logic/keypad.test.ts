import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { keyboardCommand, MAX_AMOUNT_MINOR, pressKey, type KeypadKey } from './keypad.js';

const type = (keys: KeypadKey[], start = 0): number => keys.reduce(pressKey, start);

describe('keypad', () => {
  test('digits are typed as cents', () => {
    assert.equal(type(['1', '3', '3', '0']), 1330);
    assert.equal(type(['5']), 5);
  });

  test('00 shifts by two digits', () => {
    assert.equal(type(['1', '2', '00']), 1200);
  });

  test('leading zeros do not count', () => {
    assert.equal(type(['0', '0', '7']), 7);
    assert.equal(type(['00', '4']), 4);
  });

  test('backspace drops the last digit, and is harmless at zero', () => {
    assert.equal(type(['1', '3', '3', '0', 'Backspace']), 133);
    assert.equal(type(['Backspace', 'Backspace']), 0);
  });

  test('clear returns to zero', () => {
    assert.equal(type(['9', '9', 'Clear']), 0);
  });

  test('100000.00 is reachable and a key past it is ignored', () => {
    const max = type(['1', '00', '00', '00', '0']);
    assert.equal(max, MAX_AMOUNT_MINOR);
    assert.equal(max, 10_000_000);
    assert.equal(pressKey(max, '0'), max);
    assert.equal(pressKey(max, '00'), max);
    assert.equal(pressKey(max, 'Backspace'), 1_000_000);
  });

  test('a 00 that would overflow is ignored while a single digit still fits', () => {
    assert.equal(pressKey(1_000_000, '00'), 1_000_000);
    assert.equal(pressKey(1_000_000, '0'), 10_000_000);
    assert.equal(pressKey(9_999_999, '9'), 9_999_999);
  });
});

describe('keyboardCommand', () => {
  test('digits, Backspace, Escape and Enter', () => {
    assert.deepEqual(keyboardCommand('7'), { kind: 'key', key: '7' });
    assert.deepEqual(keyboardCommand('Backspace'), { kind: 'key', key: 'Backspace' });
    assert.deepEqual(keyboardCommand('Escape'), { kind: 'key', key: 'Clear' });
    assert.deepEqual(keyboardCommand('Enter'), { kind: 'charge' });
  });

  test('other keys are not ours', () => {
    for (const k of ['a', 'Tab', ' ', '.', 'F5', '10']) assert.equal(keyboardCommand(k), null, k);
  });
});
