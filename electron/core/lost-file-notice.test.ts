/**
 * A lost newest journal file is seen by two checks at start-up (the journal mark and the chain's
 * verified point); the booted core tells the manager once, in the lost file's words, acknowledged
 * as the chain's notice, after which neither shows again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import type { AppState } from '../../shared/ipc/types.js';
import { englishNotice } from '../../shared/testing/english-notice.js';
import { memoryLogger } from '../log.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE } from '../payments/testing/engine-fixture.js';
import { bootCore, type BootedCore } from './boot.js';
import { dispatch } from './dispatch.js';

const DAY1 = Date.UTC(2026, 2, 30, 10);
const DAY2 = Date.UTC(2026, 2, 31, 10);
const NOW = Date.UTC(2026, 3, 1, 9);
const boot = (dir: string) => bootCore({ dataDir: dir, logger: memoryLogger(), clock: new ManualClock({ start: NOW, frozen: true }) });

async function journalNotices(b: BootedCore): Promise<NonNullable<AppState['notices']>> {
  const r = await dispatch(b.core, 'getAppState', undefined);
  assert.ok(r.ok, JSON.stringify(r));
  return ((r.value as AppState).notices ?? []).filter((n) => n.kind.startsWith('journal_'));
}

test('a lost newest journal file: one notice, in the lost file’s words, acknowledged once', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'counterpay-lost-file-'));
  try {
    await (await boot(dir)).close();
    const { journal } = await Journal.open(join(dir, 'training'));
    for (const at of [DAY1, DAY2, NOW - 3_600_000]) await journal.append('create', at, [newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at)], () => []);
    await journal.close();
    // A start that sees both files: the mark and the verified point name the newest.
    const seen = await boot(dir);
    assert.deepEqual(await journalNotices(seen), []);
    await seen.close();
    const journalDir = join(dir, 'training', 'journal');
    const newest = (await readdir(journalDir)).filter((n) => n.endsWith('.jsonl')).sort().at(-1)!;
    await rm(join(journalDir, newest));

    const after = await boot(dir);
    try {
      const notices = await journalNotices(after);
      assert.equal(notices.length, 1, JSON.stringify(notices));
      const [one] = notices;
      assert.equal(one?.kind, 'journal_file_missing');
      assert.match(englishNotice(one!).title, /has disappeared/);
      assert.ok(one?.params.seq, 'acknowledged as the chain notice');
      assert.match(one!.detail, /missing/);
      assert.equal((await dispatch(after.core, 'acknowledgeChainBreak', { seq: Number(one!.params.seq), by: 'Marie' })).ok, true);
      assert.deepEqual(await journalNotices(after), [], 'neither notice shows again');
    } finally {
      await after.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
