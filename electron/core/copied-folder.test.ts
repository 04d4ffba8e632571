/**
 * A data folder copied to a second computer, met at start-up against a real PostgreSQL: before the
 * engine opens, the copy asks the store who holds its register id and, another computer holding
 * it, becomes a register of its own at once; the manager is told in words, naming the other
 * register. The original, or a store that does not answer, changes nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { englishNotice } from '../../shared/testing/english-notice.js';
import { RegisterSettingsStore } from '../settings/register-settings.js';
import { StoreConnection } from '../store/connection.js';
import { useStoreCluster } from '../store/testing/store-fixture.js';
import { separateCopiedFolder } from './copied-folder.js';
import { registerCopied } from './setup-notices.js';

const store = useStoreCluster();
const PC_A = 'a'.repeat(32);
const PC_B = 'b'.repeat(32);

test('a copied folder becomes a register of its own before it sells; the original and an unanswering store change nothing', async () => {
  const dirA = mkdtempSync(join(tmpdir(), 'counterpay-pc-a-'));
  const dirB = mkdtempSync(join(tmpdir(), 'counterpay-pc-b-'));
  try {
    const url = store.freshDatabase();
    const original = await RegisterSettingsStore.open(dirA, undefined, PC_A);
    const id = original.get().registerId;
    await (await StoreConnection.open({ url, registerId: id, registerName: 'Caisse 2', machine: { here: PC_A, copiedHere: false } })).close();
    cpSync(dirA, dirB, { recursive: true });

    const unanswered = await RegisterSettingsStore.open(dirB, undefined, PC_B);
    await separateCopiedFolder('postgres://nobody@127.0.0.1:1/none', unanswered);
    assert.equal(unanswered.get().registerId, id, 'no answer: the connection decides later');

    await separateCopiedFolder(url, original);
    assert.equal(original.get().registerId, id);
    assert.equal(original.becameNewFrom, null);

    const copy = await RegisterSettingsStore.open(dirB, undefined, PC_B);
    await separateCopiedFolder(url, copy);
    assert.notEqual(copy.get().registerId, id);
    assert.equal(copy.becameNewFrom, 'Caisse 2');
    const words = englishNotice(registerCopied(copy.becameNewFrom));
    assert.match(words.title, /register of its own/);
    assert.match(words.lost, /already works as Caisse 2 in the store/);
    // The new register connects as itself, beside the original.
    await (await StoreConnection.open({ url, registerId: copy.get().registerId, registerName: copy.get().registerId, machine: { here: PC_B, copiedHere: copy.copiedHere() } })).close();
  } finally {
    rmSync(dirA, { recursive: true, force: true });
    rmSync(dirB, { recursive: true, force: true });
  }
});
