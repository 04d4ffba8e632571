/**
 * A journal changed outside Counterpay, met by the booted core: the start-up check journals a
 * break_noticed record, the manager sees the notice (in words), the day's report is marked, the
 * till still sells; a manager's acknowledgement is journaled and ends the notice; the next start
 * checks only what came after, and the break stays on record for verify.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import type { AppState } from '../../shared/ipc/types.js';
import type { HistoryView } from '../../shared/domain/day-report.js';
import { englishNotice } from '../../shared/testing/english-notice.js';
import { memoryLogger } from '../log.js';
import { Journal } from '../payments/journal.js';
import { decodeLine } from '../payments/journal-records.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE } from '../payments/testing/engine-fixture.js';
import { runJournalCli } from '../history/cli.js';
import { bootCore, type BootedCore } from './boot.js';
import { dispatch } from './dispatch.js';

const DAY1 = Date.UTC(2026, 2, 30, 10);
const NOW = Date.UTC(2026, 3, 1, 9);
const boot = (dir: string) => bootCore({ dataDir: dir, logger: memoryLogger(), clock: new ManualClock({ start: NOW, frozen: true }) });

async function state(b: BootedCore): Promise<AppState> {
  const r = await dispatch(b.core, 'getAppState', undefined);
  assert.ok(r.ok, JSON.stringify(r));
  return r.value as AppState;
}

describe('a journal changed outside Counterpay', () => {
  test('is noticed at start-up, journaled, shown until a manager acknowledges it, and marked in the day’s report', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'counterpay-chain-'));
    try {
      // A first start writes environments.json: a journal found without it would close the till (a lost file, not a first run).
      await (await boot(dir)).close();
      const journalDir = join(dir, 'training', 'journal');
      const { journal } = await Journal.open(join(dir, 'training'));
      for (let i = 0; i < 3; i++) {
        await journal.append('create', DAY1 + i, [newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, DAY1 + i)], () => []);
      }
      await journal.close();
      const [file] = (await readdir(journalDir)).filter((n) => n.endsWith('.jsonl'));
      const path = join(journalDir, file!);
      const lines = (await readFile(path, 'utf8')).split('\n');
      lines[2] = lines[2]!.replace('"amountMinor":1330', '"amountMinor":133');
      await writeFile(path, lines.join('\n'));

      const first = await boot(dir);
      let seq = 0;
      try {
        const notice = (await state(first)).notices?.find((n) => n.kind === 'journal_chain_broken');
        assert.ok(notice, 'the manager is told');
        assert.equal(notice.params.days, '2026-03-30');
        assert.match(englishNotice(notice).title, /changed outside Counterpay/);
        assert.match(notice.detail, /2026-03-30\.jsonl line 3: edited record/);
        seq = Number(notice.params.seq);
        const view = await dispatch(first.core, 'journalHistory', { from: '2026-03-30', to: '2026-03-30' });
        assert.ok(view.ok);
        assert.deepEqual((view.value as HistoryView).chainBroken, ['2026-03-30']);
        assert.equal((await dispatch(first.core, 'acknowledgeChainBreak', { seq, by: 'Marie' })).ok, true);
        assert.equal((await state(first)).notices?.some((n) => n.kind === 'journal_chain_broken'), false);
        const twice = await dispatch(first.core, 'acknowledgeChainBreak', { seq, by: 'Marie' });
        assert.equal(twice.ok, false);
        // Edited while the app runs: the export checks the range's files again and says so.
        const now = (await readFile(path, 'utf8')).split('\n');
        now[3] = now[3]!.replace('"amountMinor":1330', '"amountMinor":13');
        await writeFile(path, now.join('\n'));
        const csv = await dispatch(first.core, 'exportJournal', { from: '2026-03-30', to: '2026-03-30' });
        assert.ok(csv.ok);
        assert.match((csv.value as { fileName: string }).fileName, /-journal-changed\.csv$/);
        const again = (await state(first)).notices?.filter((n) => n.kind === 'journal_chain_broken') ?? [];
        assert.equal(again.length, 1, 'the new break, and only it, is noticed');
        assert.match(again[0]!.detail, /line 4: edited record/);
        assert.doesNotMatch(again[0]!.detail, /line 3/);
        assert.equal((await dispatch(first.core, 'acknowledgeChainBreak', { seq: Number(again[0]!.params.seq), by: 'Marie' })).ok, true);
      } finally {
        await first.close();
      }

      const second = await boot(dir);
      try {
        assert.equal((await state(second)).notices?.some((n) => n.kind === 'journal_chain_broken'), false, 'only what came after the verified point is checked again');
      } finally {
        await second.close();
      }
      const newest = (await readdir(journalDir)).filter((n) => n.endsWith('.jsonl')).sort().at(-1)!;
      const kinds = (await readFile(join(journalDir, newest), 'utf8')).split('\n').filter(Boolean).map((l) => decodeLine(l)).map((d) => (d.ok ? `${d.entry.seq}:${d.entry.kind}:${d.entry.by}` : 'unreadable'));
      assert.deepEqual(kinds.slice(-4).map((k) => k.replace(/^\d+:/, '')), ['break_noticed:counterpay', 'break_acknowledged:Marie', 'break_noticed:counterpay', 'break_acknowledged:Marie']);
      assert.equal(kinds.at(-4), `${seq}:break_noticed:counterpay`);
      let out = '';
      const code = await runJournalCli(['verify', '--data-dir', dir], { out: (t) => (out += t), err: () => undefined });
      assert.equal(code, 3, 'the break stays on record');
      assert.match(out, /2026-03-30\.jsonl line 3: edited record/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
