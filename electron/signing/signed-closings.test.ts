/**
 * Closings as the booted core makes them, through the IPC table: each day and month closing is
 * signed before the manager is answered (its report prints that signature), numbers carry on
 * across a restart, a closed day's report data reads back identical after it, and verify passes.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../shared/clock.js';
import type { ClosingsView } from '../../shared/domain/closings.js';
import type { HistoryView } from '../../shared/domain/day-report.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { memoryLogger } from '../log.js';
import { bootCore, type BootedCore } from '../core/boot.js';
import { dispatch } from '../core/dispatch.js';
import { runCli } from '../history/testing/run-cli.js';

const NOW = Date.UTC(2026, 3, 1, 9);
const boot = (dir: string): Promise<BootedCore> => bootCore({ dataDir: dir, logger: memoryLogger(), clock: new ManualClock({ start: NOW, frozen: true }) });

async function ask<T>(b: BootedCore, method: Parameters<typeof dispatch>[1], req: unknown): Promise<T> {
  const r = await dispatch(b.core, method, req);
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.value as T;
}

const closingOf = async (b: BootedCore, day: string) => (await ask<HistoryView>(b, 'journalHistory', { from: day, to: day })).closings[0];

describe('signed, numbered closings in the booted core', () => {
  test('day and month closings signed at once; numbers and reprints unchanged by a restart', async () => {
    await withTempDir('counterpay-signed-closings-', async (dir) => {
      const first = await boot(dir);
      await ask(first, 'closeDay', { day: '2026-03-30', closedBy: 'Marie' });
      const closed = await ask<HistoryView>(first, 'closeDay', { day: '2026-03-31', closedBy: 'Marie' });
      const z2 = closed.closings[0];
      assert.equal(z2?.number, 2);
      assert.ok(z2?.signature, 'the first print already has its signature');
      assert.equal(z2.signature.seq, z2.seq, 'the signature is of the closing record itself');
      assert.match(z2.signature.keyId, /^[0-9a-f]{16}$/);

      const months = await ask<ClosingsView>(first, 'listClosings', undefined);
      assert.deepEqual(months.pending.map((p) => `${p.kind}:${p.period}:${p.state}`), ['month:2026-03:closable', 'year:2026:not_over']);
      const after = await ask<ClosingsView>(first, 'closePeriod', { kind: 'month', period: '2026-03', closedBy: 'Marie' });
      const month = after.periods[0];
      assert.deepEqual([month?.kind, month?.number, month?.covers], ['month', 1, [1, 2]]);
      assert.equal(month?.signature?.seq, month?.seq);
      const refused = await dispatch(first.core, 'closePeriod', { kind: 'month', period: '2026-03', closedBy: 'Marie' });
      assert.equal(!refused.ok && refused.error.reason, 'closing.period_already_closed');
      const badPeriod = await dispatch(first.core, 'closePeriod', { kind: 'year', period: '2026-03', closedBy: 'Marie' });
      assert.equal(!badPeriod.ok && badPeriod.error.code, 'invalid_request');
      await first.close();

      const second = await boot(dir);
      try {
        assert.deepEqual(await closingOf(second, '2026-03-31'), z2, 'a reprint reads the first print\'s data, signature included');
        const z3 = (await ask<HistoryView>(second, 'closeDay', { day: '2026-04-01', closedBy: 'Paul' })).closings[0];
        assert.equal(z3?.number, 3);
      } finally {
        await second.close();
      }
      const verified = await runCli(['verify', '--data-dir', dir]);
      assert.equal(verified.code, 0, verified.out);
      assert.match(verified.out, /; 4 signature\(s\) checked/);
      // The chain head a Z report prints ("Chain head SEQ:HASH") is an anchor verify takes as it is.
      const anchored = await runCli(['verify', '--data-dir', dir, '--anchor', `${z2.signature.seq}:${z2.signature.hash}`]);
      assert.equal(anchored.code, 0, anchored.out);
      const forged = await runCli(['verify', '--data-dir', dir, '--anchor', `${z2.signature.seq}:${'0'.repeat(64)}`]);
      assert.equal(forged.code, 3, forged.out);
    });
  });
});
