import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { checkTerminalName, terminalLabel, terminalNameProblemWords } from './terminal-name.js';

describe('checkTerminalName', () => {
  test('trims and squeezes spaces; blank clears the name', () => {
    assert.deepEqual(checkTerminalName('  Comptoir   1 ', []), { ok: true, name: 'Comptoir 1' });
    assert.deepEqual(checkTerminalName('   ', []), { ok: true, name: null });
  });
  test('refuses a name already used by another terminal, whatever the case', () => {
    const r = checkTerminalName('terrasse', ['Terrasse']);
    assert.ok(!r.ok);
    assert.equal(terminalNameProblemWords(r), 'Another terminal is already called "terrasse".');
  });
  test('refuses long names and invisible characters', () => {
    assert.ok(!checkTerminalName('x'.repeat(31), []).ok);
    assert.ok(checkTerminalName('x'.repeat(30), []).ok);
    assert.ok(!checkTerminalName('Comp\u202Etoir', []).ok);
    assert.ok(!checkTerminalName('Comp\u0007toir', []).ok);
  });
  test('label: name with serial, or the serial alone', () => {
    assert.equal(terminalLabel({ name: 'Comptoir', poiId: 'S1F2-0001' }), 'Comptoir (S1F2-0001)');
    assert.equal(terminalLabel({ name: null, poiId: 'S1F2-0001' }), 'S1F2-0001');
  });
});
