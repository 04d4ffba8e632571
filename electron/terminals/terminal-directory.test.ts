import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalTerminalDirectory, TERMINALS_FILE, parseDirectory } from './terminal-directory.js';

const dir = () => mkdtempSync(join(tmpdir(), 'terminal-directory-'));

describe('LocalTerminalDirectory', () => {
  test('names and last uses survive a restart; a cleared name stays cleared', async () => {
    const d = dir();
    const a = LocalTerminalDirectory.open(d);
    await a.setName('t1', 'Comptoir');
    await a.recordUse('t1', '2026-11-23T10:00:00.000Z', 'REG-1');
    await a.setName('t2', 'Terrasse');
    await a.setName('t2', null);
    const b = LocalTerminalDirectory.open(d);
    assert.deepEqual(await b.entries(), {
      t1: { name: 'Comptoir', lastUsedAt: '2026-11-23T10:00:00.000Z', lastUsedBy: 'REG-1' },
      t2: { name: null, lastUsedAt: null, lastUsedBy: null },
    });
  });

  test('writes land in call order, so a slow earlier write never undoes a later one', async () => {
    const d = dir();
    const a = LocalTerminalDirectory.open(d);
    await Promise.all(['A', 'B', 'C', 'D'].map((n) => a.setName('t1', n)));
    assert.equal((await LocalTerminalDirectory.open(d).entries())['t1']?.name, 'D');
  });

  test('a damaged file is set aside, not fatal; entries of the wrong shape are dropped one by one', async () => {
    const d = dir();
    writeFileSync(join(d, TERMINALS_FILE), '{"terminals": {"t1": {"name": "Comp');
    assert.deepEqual(await LocalTerminalDirectory.open(d).entries(), {});
    assert.ok(readdirSync(d).some((f) => f.startsWith(`${TERMINALS_FILE}.damaged-`)));
    const parsed = parseDirectory(JSON.stringify({ terminals: { ok: { name: 'A', lastUsedAt: null, lastUsedBy: null }, bad: { name: 7 } } }));
    assert.deepEqual(parsed, { entries: { ok: { name: 'A', lastUsedAt: null, lastUsedBy: null } }, dropped: 1 });
  });
});
