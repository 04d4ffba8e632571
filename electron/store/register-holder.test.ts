/**
 * A data folder copied to a second computer, against a real PostgreSQL: the store names the
 * computer holding each register id, so the copy is told apart at connection and becomes a
 * register of its own (a new id from the next start, said so) instead of a silent twin; a
 * computer whose own folder is not the copy is refused with the reason.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RegisterSettingsStore } from '../settings/register-settings.js';
import { StoreConnection } from './connection.js';
import { StoreMode } from './store-mode.js';
import { StoreProblem } from './store-problem.js';
import { storeClock, useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();
const PC_A = 'a'.repeat(32);
const PC_B = 'b'.repeat(32);

async function open(url: string, settings: RegisterSettingsStore): Promise<StoreConnection> {
  const { registerId, registerName } = settings.get();
  return StoreConnection.open({ url, registerId, registerName: registerName ?? registerId, connectTimeoutMs: 2_000, machine: { here: settings.here, copiedHere: settings.copiedHere() } });
}

async function refusal(p: Promise<StoreConnection>): Promise<string> {
  try {
    await (await p).close();
    return 'connected';
  } catch (e) {
    assert.ok(e instanceof StoreProblem, String(e));
    return e.code;
  }
}

function holders(url: string): string {
  return store.cluster().psql(`SELECT register_id || '=' || coalesce(machine, '-') FROM registers ORDER BY register_id`, new URL(url).pathname.slice(1)).trim();
}

describe('the computer holding a register id', () => {
  it('a folder copied to a second computer is recognised, refused as a twin, and becomes a register of its own', async () => {
    const dirA = mkdtempSync(join(tmpdir(), 'counterpay-pc-a-'));
    const dirB = mkdtempSync(join(tmpdir(), 'counterpay-pc-b-'));
    try {
      const url = store.freshDatabase();
      const original = await RegisterSettingsStore.open(dirA, undefined, PC_A);
      assert.equal(original.copiedHere(), false);
      await (await open(url, original)).close();
      cpSync(dirA, dirB, { recursive: true });
      const copy = await RegisterSettingsStore.open(dirB, undefined, PC_B);
      assert.equal(copy.copiedHere(), true, 'register.json names the computer it came from');
      const id = copy.get().registerId;
      assert.equal(await refusal(open(url, copy)), 'register_copied');
      assert.equal(holders(url), `${id}=${PC_A}`, 'the refused copy changed nothing in the store');
      // The original keeps connecting as itself.
      await (await open(url, original)).close();
      const next = await copy.becomeNewRegister();
      assert.notEqual(next.registerId, id);
      assert.equal(next.registerName, null, 'the new register has no name until a manager gives one');
      const reopened = await RegisterSettingsStore.open(dirB, undefined, PC_B);
      assert.equal(reopened.get().registerId, next.registerId, 'the new id is on disk for the next start');
      assert.equal(reopened.copiedHere(), false);
      await (await open(url, reopened)).close();
      assert.deepEqual(holders(url).split('\n').sort(), [`${id}=${PC_A}`, `${next.registerId}=${PC_B}`].sort());
    } finally {
      rmSync(dirA, { recursive: true, force: true });
      rmSync(dirB, { recursive: true, force: true });
    }
  });

  it('a computer whose own folder is not the copy is refused while another computer holds its id; a row from before machines were named is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counterpay-pc-'));
    try {
      const url = store.freshDatabase();
      const db = new URL(url).pathname.slice(1);
      const settings = await RegisterSettingsStore.open(dir, undefined, PC_A);
      const id = settings.get().registerId;
      await (await StoreConnection.open({ url, registerId: id, registerName: 'Caisse 1' })).close();
      assert.equal(holders(url), `${id}=-`, 'a connection that names no computer holds nothing');
      await (await open(url, settings)).close();
      assert.equal(holders(url), `${id}=${PC_A}`);
      store.cluster().psql(`UPDATE registers SET machine = '${PC_B}'`, db);
      assert.equal(await refusal(open(url, settings)), 'register_elsewhere');
      assert.equal(holders(url), `${id}=${PC_B}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('store mode on the copy: refused without retrying, the manager told why, the new id saved', async () => {
    const dirA = mkdtempSync(join(tmpdir(), 'counterpay-pc-a-'));
    const dirB = mkdtempSync(join(tmpdir(), 'counterpay-pc-b-'));
    try {
      const url = store.freshDatabase();
      const original = await RegisterSettingsStore.open(dirA, undefined, PC_A);
      await (await open(url, original)).close();
      cpSync(dirA, dirB, { recursive: true });
      const copy = await RegisterSettingsStore.open(dirB, undefined, PC_B);
      const { registerId } = copy.get();
      const mode = StoreMode.start({
        url, registerId, registerName: 'Caisse 1', dataDir: dirB, clock: storeClock(), openAttempts: () => [], reconnectMs: 50,
        machine: { here: copy.here, copiedHere: copy.copiedHere() },
        onCopied: async () => void (await copy.becomeNewRegister()),
      });
      try {
        assert.deepEqual(await mode.ready(), { state: 'problem', code: 'register_copied', retrying: false });
        assert.equal(mode.view().status, 'refused');
        assert.equal(mode.view().problem, 'register_copied');
        const onDisk = JSON.parse(readFileSync(join(dirB, 'register.json'), 'utf8')) as { registerId: string; machine: string };
        assert.notEqual(onDisk.registerId, registerId);
        assert.equal(onDisk.machine, PC_B);
      } finally {
        await mode.close();
      }
    } finally {
      rmSync(dirA, { recursive: true, force: true });
      rmSync(dirB, { recursive: true, force: true });
    }
  });
});
