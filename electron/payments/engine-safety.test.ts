/**
 * Ways a till could forget, strand or freeze a payment (each failed on the engine
 * before the attempt machine): an empty or future-dated newest journal file, a record
 * that cannot be read back, wall-clock jumps, a long outage, the lost 202 after the
 * deadline, and journal files readable by every user.
 */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import { dayFileName, localDay } from './journal-files.js';
import { journalFiles, openFixture, SALE, T0, type Fixture } from './testing/engine-fixture.js';
import { transportError } from './stand-ins/fake-bank.js';

const DAY = 24 * 3600_000;
let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.cleanup();
  fx = undefined;
});

describe('the newest journal file', () => {
  for (const [label, offsetDays] of [['empty file for today', 0], ['empty file dated in the future', 30]] as const) {
    test(`an ${label} does not hide the attempts of the day before`, async () => {
      fx = await openFixture();
      const done = await fx.engine.charge(SALE);
      await fx.engine.settled();
      fx.bank.setStatus(fx.engine.get(done.id)!.paymentId!, 'AUTHORIZED');
      await fx.advance(2000);
      fx.bank.createScript.push('hold');
      const open = await fx.engine.charge({ ...SALE, amountMinor: 990 });
      await fx.engine.settled();
      await fx.engine.close();
      writeFileSync(join(fx.dir, 'journal', dayFileName(localDay(T0 + DAY + offsetDays * DAY))), '');
      fx.clock.advance(DAY);
      fx = await fx.reopen({ bank: fx.bank });
      assert.equal(fx.engine.get(done.id), undefined, 'yesterday\'s finished sale stays in yesterday\'s file');
      assert.equal(fx.engine.get(open.id)?.state, 'timed_out', 'the open attempt is still known (its deadline passed overnight)');
      assert.equal(fx.engine.active()?.id, open.id, 'and still holds the register');
      assert.ok(fx.engine.today().journalWarnings.some((w) => w.includes('holds no readable record')), 'the empty file is reported');
      // Writing goes on in today's file, and the next start reads it.
      await fx.engine.abandon(open.id);
      fx = await fx.reopen({ bank: fx.bank });
      assert.equal(fx.engine.get(open.id)?.abandoned, true);
    });
  }
});

describe('records that could not be read back', () => {
  test('metadata JSON cannot keep (a Date) is refused before anything reaches the disk', async () => {
    fx = await openFixture();
    const metadata = { order: 'A-1', when: new Date(T0) } as unknown as typeof SALE.metadata;
    await assert.rejects(fx.engine.charge({ ...SALE, metadata }), (e: unknown) => e instanceof Error && /metadata/.test(e.message) && /could not be saved safely|JSON/.test(e.message));
    assert.equal(fx.bank.creates.length, 0, 'nothing was sent');
    assert.equal(fx.engine.active(), null);
    const files = journalFiles(fx.dir);
    const text = files.map((f) => readFileSync(join(fx!.dir, 'journal', f), 'utf8')).join('');
    assert.ok(!text.includes('A-1'), 'nothing of it was journaled');
  });
});

describe('wall clock jumps (deadlines and backoff run on the monotonic clock)', () => {
  test('the wall clock set back one hour: the failed send is still resent and the deadline still fires', async () => {
    const wall = new ManualClock({ start: T0, frozen: true });
    const mono = new ManualClock({ start: 5_000_000, frozen: true });
    fx = await openFixture({ clock: wall, monotonic: mono });
    fx.bank.createScript.push(transportError('reset'));
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    assert.equal(fx.engine.get(a.id)?.state, 'send_failed');
    wall.set(T0 - 3600_000);
    for (let i = 0; i < 30; i++) {
      mono.advance(100);
      await fx.engine.settled();
    }
    assert.equal(fx.engine.get(a.id)?.state, 'accepted', 'resent with the same key although the wall clock says it is older than its creation');
    assert.deepEqual(fx.bank.creates.map((c) => c.key), [a.idempotencyKey, a.idempotencyKey]);
    for (let i = 0; i < 120; i++) {
      mono.advance(1000);
      await fx.engine.settled();
    }
    assert.equal(fx.engine.get(a.id)?.state, 'timed_out', 'the deadline fired 120 s after creation on the monotonic clock');
  });

  test('the wall clock set forward one day: polling goes on and picks up the authorization', async () => {
    const wall = new ManualClock({ start: T0, frozen: true });
    const mono = new ManualClock({ start: 0, frozen: true });
    fx = await openFixture({ clock: wall, monotonic: mono });
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    wall.set(T0 + DAY);
    mono.advance(3000);
    await fx.engine.settled();
    fx.bank.setStatus(fx.engine.get(a.id)!.paymentId!, 'AUTHORIZED');
    for (let i = 0; i < 5; i++) {
      mono.advance(1000);
      await fx.engine.settled();
    }
    assert.equal(fx.engine.get(a.id)?.state, 'authorized');
    assert.equal(fx.engine.get(a.id)?.lateOutcome, false, 'it came 8 s after the charge, well inside the deadline');
  });
});

describe('a 60-second outage', () => {
  test('automatic resends go on with backoff until the bank answers, without the cashier', async () => {
    fx = await openFixture();
    let down = true;
    fx.bank.onCreate = () => {
      if (down) fx!.bank.createScript.unshift(transportError('connect_refused'));
    };
    const a = await fx.engine.charge(SALE);
    await fx.advance(60_000, 500);
    assert.equal(fx.engine.get(a.id)?.state, 'send_failed');
    down = false;
    await fx.advance(10_000, 500);
    assert.equal(fx.engine.get(a.id)?.state, 'accepted', 'the engine itself resent after the outage');
    assert.ok(fx.bank.creates.length >= 6);
    assert.ok(fx.bank.creates.every((c) => c.key === a.idempotencyKey));
    assert.equal(fx.bank.paymentCount(), 1);
  });
});

describe('journal file modes', () => {
  test('journal files are created readable by their owner only (0600)', { skip: process.platform === 'win32' }, async () => {
    fx = await openFixture();
    await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.clock.advance(DAY);
    await fx.engine.abandon(fx.engine.active()!.id);
    const files = journalFiles(fx.dir);
    assert.equal(files.length, 2, 'a day file and the next day\'s (created by the roll)');
    for (const f of files) assert.equal(statSync(join(fx.dir, 'journal', f)).mode & 0o777, 0o600, f);
  });
});
