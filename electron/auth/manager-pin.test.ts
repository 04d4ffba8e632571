import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { ManagerPin, PIN_MARKER_FILE } from './manager-pin.js';

/** Cheaper than production so the many derivations here stay fast; one test checks the default. */
const COST = { N: 2 ** 10, r: 8, p: 1 };

function setup(fn: (ctx: { path: string; clock: ManualClock; open: () => Promise<ManagerPin> }) => Promise<void>): Promise<void> {
  return withTempDir('pin-', (dir) => {
    const path = join(dir, 'manager-pin.json');
    const clock = new ManualClock({ start: 1_800_000_000_000, frozen: true });
    return fn({ path, clock, open: () => ManagerPin.open({ path, clock, cost: COST }) });
  });
}

async function wrong(pin: ManagerPin, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await pin.verify('0000');
}

describe('manager PIN', () => {
  test('first run: no PIN, manager screens open', () => setup(async ({ open }) => {
    const pin = await open();
    assert.equal(pin.hasPin(), false);
    assert.deepEqual(await pin.verify('1234'), { result: 'ok' });
  }));

  test('only 4 to 8 ASCII digits are accepted as a PIN', () => setup(async ({ open }) => {
    const pin = await open();
    for (const bad of ['123', '123456789', '12a4', '12 34', '١٢٣٤', '']) {
      assert.throws(() => pin.setPin(bad), RangeError, bad);
    }
    assert.equal(pin.hasPin(), false);
  }));

  test('stores a salted scrypt hash with production cost, never the PIN', () => withTempDir('pin-', async (dir) => {
    const path = join(dir, 'pin.json');
    const pin = await ManagerPin.open({ path });
    await pin.setPin('48151623');
    const first = JSON.parse(await readFile(path, 'utf8')) as { pin: { N: number; salt: string; hash: string } };
    assert.equal(first.pin.N, 2 ** 14);
    assert.equal(Buffer.from(first.pin.salt, 'base64').length, 16);
    assert.ok(!(await readFile(path, 'utf8')).includes('48151623'));
    await pin.setPin('48151623');
    const second = JSON.parse(await readFile(path, 'utf8')) as { pin: { salt: string; hash: string } };
    assert.notEqual(second.pin.salt, first.pin.salt);
    assert.notEqual(second.pin.hash, first.pin.hash);
    assert.deepEqual(await (await ManagerPin.open({ path })).verify('48151623'), { result: 'ok' });
  }));

  test('right and wrong PINs, counting attempts left', () => setup(async ({ open }) => {
    const pin = await open();
    await pin.setPin('2468');
    assert.equal(pin.hasPin(), true);
    assert.deepEqual(await pin.verify('2468'), { result: 'ok' });
    assert.deepEqual(await pin.verify('2469'), { result: 'wrong', attemptsLeft: 4 });
    assert.deepEqual(await pin.verify('24680'), { result: 'wrong', attemptsLeft: 3 });
    assert.deepEqual(await pin.verify('not a pin'), { result: 'wrong', attemptsLeft: 2 });
    assert.deepEqual(await pin.verify('2468'), { result: 'ok' });
    assert.deepEqual(await pin.verify('1111'), { result: 'wrong', attemptsLeft: 4 });
  }));

  test('5 wrong PINs lock for 30 s, even against the right PIN; the lock doubles', () => setup(async ({ open, clock }) => {
    const pin = await open();
    await pin.setPin('2468');
    await wrong(pin, 4);
    assert.deepEqual(await pin.verify('0000'), { result: 'locked', retryAfterMs: 30_000 });
    clock.advance(10_000);
    assert.deepEqual(await pin.verify('2468'), { result: 'locked', retryAfterMs: 20_000 });
    clock.advance(20_000);
    await wrong(pin, 4);
    assert.deepEqual(await pin.verify('0000'), { result: 'locked', retryAfterMs: 60_000 });
    clock.advance(60_000);
    assert.deepEqual(await pin.verify('2468'), { result: 'ok' });
    await wrong(pin, 4);
    assert.deepEqual(await pin.verify('0000'), { result: 'locked', retryAfterMs: 30_000 }, 'success resets the doubling');
  }));

  test('the lock-out survives a restart', () => setup(async ({ open, clock }) => {
    const pin = await open();
    await pin.setPin('2468');
    await wrong(pin, 5);
    clock.advance(5_000);
    assert.deepEqual(await (await open()).verify('2468'), { result: 'locked', retryAfterMs: 25_000 });
  }));

  test('parallel guesses cannot outrun the lock', () => setup(async ({ open }) => {
    const pin = await open();
    await pin.setPin('2468');
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => pin.verify(String(1000 + i))));
    assert.equal(results.filter((r) => r.result === 'wrong').length, 4);
    assert.equal(results.filter((r) => r.result === 'locked').length, 8);
  }));

  test('setting a new PIN replaces the old one and clears the lock', () => setup(async ({ open }) => {
    const pin = await open();
    await pin.setPin('2468');
    await wrong(pin, 5);
    await pin.setPin('13579');
    assert.deepEqual(await pin.verify('2468'), { result: 'wrong', attemptsLeft: 4 });
    assert.deepEqual(await pin.verify('13579'), { result: 'ok' });
  }));

  test('a damaged file (garbage, empty, wrong content) is set aside and the PIN stays locked, across restarts', () =>
    setup(async ({ path, open }) => {
      const garbage = ['{"version":1,"pin":{"algorithm":"md5"}', '',
        JSON.stringify({ version: 1, pin: { algorithm: 'md5' }, lockout: { failures: 0, lockouts: 0, lockedUntil: 0 } })];
      for (const text of garbage) {
        await writeFile(path, text);
        const pin = await open();
        assert.equal(pin.problem?.kind, 'damaged');
        assert.equal(pin.hasPin(), true);
        assert.deepEqual(await pin.verify('1234'), { result: 'unavailable' });
        await assert.rejects(pin.setPin('1234'), /cannot be changed until its file is restored/);
        const kept = pin.problem?.kind === 'damaged' ? pin.problem.keptAs : null;
        assert.ok(kept && existsSync(kept));
        assert.equal(await readFile(kept, 'utf8'), text);
        assert.equal(existsSync(path), false);
        // Nothing in the way any more, yet the next start is not a first run.
        assert.equal((await open()).problem?.kind, 'missing');
      }
    }));

  test('a PIN file that disappears after a PIN was set is noticed and keeps the screens locked', () =>
    setup(async ({ path, open }) => {
      await (await open()).setPin('2468');
      await rm(path);
      const pin = await open();
      assert.deepEqual(pin.problem, { kind: 'missing' });
      assert.equal(pin.hasPin(), true);
      assert.deepEqual(await pin.verify('2468'), { result: 'unavailable' });
      // Deleting the marker is the administrator's deliberate way back to a first run.
      await rm(join(dirname(path), PIN_MARKER_FILE));
      const fresh = await open();
      assert.equal(fresh.problem, null);
      assert.equal(fresh.hasPin(), false);
    }));
});
