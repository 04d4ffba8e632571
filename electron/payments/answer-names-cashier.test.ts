/**
 * "Who took it" is the person who started the sale: the bank's answers (the push's, each read's)
 * are journaled under the attempt's own cashier, not under whoever is signed in when they arrive;
 * a button pressed (abandon, try again) names whoever pressed it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { StaffRef } from '../../shared/domain/staff.js';
import { decodeLine } from './journal-records.js';
import { journalFiles, openFixture, SALE } from './testing/engine-fixture.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ANNA: StaffRef = { id: 'anna-1', name: 'Anna' };
const BEN: StaffRef = { id: 'ben-1', name: 'Ben' };

/** Each journaled snapshot of the attempt: its state and who the record names. */
function recordsOf(dir: string, attemptId: string): string[] {
  return journalFiles(dir).flatMap((f) => readFileSync(join(dir, 'journal', f), 'utf8').split('\n').filter(Boolean)).flatMap((line) => {
    const d = decodeLine(line);
    if (!d.ok) return assert.fail(d.reason);
    if (d.entry.kind === 'carry') return [];
    return (d.record?.attempts ?? []).filter((a) => a.id === attemptId).map((a) => `${a.state}${a.abandoned ? '+abandoned' : ''}:${d.entry.by}`);
  });
}

describe('the bank\'s answers name the attempt\'s cashier', () => {
  test('Anna starts, Ben signs in, the answers arrive: they name Anna; Ben\'s abandon names Ben', async () => {
    let here: StaffRef | null = ANNA;
    const fx = await openFixture({ signedIn: () => here });
    try {
      const a = await fx.engine.charge(SALE);
      here = BEN;
      await fx.engine.settled();
      const accepted = fx.engine.get(a.id);
      assert.equal(accepted?.state, 'accepted');
      fx.bank.setStatus(accepted?.paymentId ?? '', 'AUTHORIZED');
      await fx.advance(10_000);
      assert.equal(fx.engine.get(a.id)?.state, 'authorized');
      assert.deepEqual(recordsOf(fx.dir, a.id), ['sending:Anna', 'accepted:Anna', 'authorized:Anna']);

      // A second sale of Anna's that gets no answer: Ben walks away from it, and the record says Ben did.
      here = ANNA;
      fx.bank.createScript.push('hold');
      const b = await fx.engine.charge({ ...SALE, amountMinor: 500, metadata: { order: 'A-2' } });
      here = BEN;
      await fx.advance(120_000, 1_000);
      const stuck = fx.engine.get(b.id);
      assert.ok(stuck && stuck.state !== 'sending', `the deadline passed (${stuck?.state})`);
      await fx.engine.abandon(b.id);
      const written = recordsOf(fx.dir, b.id);
      assert.equal(written[0], 'sending:Anna');
      assert.ok(written.slice(1, -1).every((r) => r.endsWith(':Anna')), written.join(' '));
      assert.match(written.at(-1) ?? '', /\+abandoned:Ben$/);
      assert.equal(fx.engine.get(b.id)?.cashier?.id, ANNA.id);
    } finally {
      await fx.cleanup();
    }
  });
});
