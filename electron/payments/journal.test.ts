import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { Journal } from './journal.js';
import { dayFileName, localDay } from './journal-files.js';
import { decodeLine, encodeRecord } from './journal-records.js';
import { newAttempt } from './new-attempt.js';
import { SALE, T0 } from './testing/engine-fixture.js';
import { failFsync } from './testing/failing-fsync.js';

const DAY = 24 * 3600_000;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'counterpay-journal-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const attempt = (at = T0): Attempt => newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at);
const none = () => [];

describe('journal records', () => {
  test('round-trip a record and detect any altered byte through the checksum', () => {
    const a = attempt();
    const line = encodeRecord({ v: 1, kind: 'create', at: T0, attempts: [a] });
    const back = decodeLine(line);
    assert.ok(back.ok);
    assert.deepEqual(back.record?.attempts[0], a);
    const altered = line.replace('"amountMinor":1330', '"amountMinor":1331');
    assert.notEqual(altered, line);
    assert.deepEqual(decodeLine(altered), { ok: false, reason: 'checksum mismatch (torn or altered record)' });
    assert.equal(decodeLine(line.slice(0, line.length / 2)).ok, false);
  });

  test('a record with a valid checksum but an invalid attempt is refused with the field named', () => {
    const bad = { ...attempt(), amountMinor: 1.5 };
    const res = decodeLine(encodeRecord({ v: 1, kind: 'create', at: T0, attempts: [bad as Attempt] }));
    assert.equal(res.ok, false);
    assert.match(res.ok ? '' : res.reason, /\/attempts\/0\/amountMinor/);
    const badState = decodeLine(encodeRecord({ v: 1, kind: 'update', at: T0, attempts: [{ ...attempt(), state: 'paid' } as unknown as Attempt] }));
    assert.match(badState.ok ? '' : badState.reason, /state must be one of/);
  });
});

describe('journal files', () => {
  test('appends go to the local day file and come back on the next open, last snapshot winning', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const a = attempt();
    await journal.append('create', T0, [a], none);
    await journal.append('update', T0 + 10, [{ ...a, state: 'accepted', paymentId: 'p1' }], none);
    await journal.close();
    const reopened = await Journal.open(dir);
    assert.equal(reopened.day, localDay(T0));
    assert.equal(reopened.attempts.get(a.id)?.state, 'accepted');
    assert.deepEqual(reopened.warnings, []);
    await reopened.journal.close();
  });

  test('whileSyncing runs once the record is written and before the append resolves; never for a refused record', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const a = attempt();
    const seen: string[] = [];
    let resolved = false;
    const appended = journal.append('create', T0, [a], none, () => seen.push(resolved ? 'after' : readFileSync(join(dir, 'journal', dayFileName(localDay(T0))), 'utf8')));
    await appended.then(() => (resolved = true));
    assert.equal(seen.length, 1);
    assert.ok(seen[0]?.includes(a.idempotencyKey), 'the record was in the file when it ran');
    const bad = { ...a, metadata: { when: new Date(T0) } } as unknown as Attempt;
    await assert.rejects(journal.append('update', T0 + 1, [bad], none, () => seen.push('refused')));
    assert.equal(seen.length, 1);
    await journal.close();
  });

  test('a record start-up would refuse for the number of its values is refused before the disk, however small its line', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const heavy = Array.from({ length: 1000 }, () => newAttempt({ ...SALE, metadata: { l: new Array<number>(500).fill(0) }, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0));
    await assert.rejects(journal.append('create', T0, heavy, none), /more than 500000 values/);
    await journal.close();
    const reopened = await Journal.open(dir);
    assert.equal(reopened.attempts.size, 0, 'nothing of it reached the disk');
    await reopened.journal.close();
  });

  test('a record whose fsync fails is cut off again: the next start does not resend what the cashier was told failed', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const kept = attempt();
    await journal.append('create', T0, [kept], none);
    const restore = await failFsync(new Error('EIO: i/o error, fdatasync'), 1);
    const failed = attempt(T0 + 1);
    try {
      await assert.rejects(journal.append('create', T0 + 1, [failed], none), /EIO/);
    } finally {
      restore();
    }
    const after = attempt(T0 + 2);
    await journal.append('create', T0 + 2, [after], none);
    await journal.close();
    const reopened = await Journal.open(dir);
    assert.deepEqual([...reopened.attempts.keys()].sort(), [kept.id, after.id].sort());
    assert.deepEqual(reopened.warnings, [], 'no torn line is left behind');
    await reopened.journal.close();
  });

  test('what whileSyncing throws does not undo its record, and an append it makes waits its turn', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    await journal.append('create', T0, [attempt()], none);
    let inner: Promise<unknown> | undefined;
    const result = await journal.append('create', T0 + 1, [attempt(T0 + 1)], none, () => {
      inner = journal.append('create', T0 + 2, [attempt(T0 + 2)], none);
      throw new Error('boom beside the record');
    });
    assert.match(String(result.whileSyncingError), /boom/);
    await inner;
    await journal.close();
    const lines = readFileSync(join(dir, 'journal', dayFileName(localDay(T0))), 'utf8').trim().split('\n');
    const seqs = lines.map((l) => { const d = decodeLine(l); return d.ok ? d.entry.seq : null; });
    assert.deepEqual(seqs.slice(-3), [seqs.at(-3), (seqs.at(-3) ?? 0) + 1, (seqs.at(-3) ?? 0) + 2], 'three records, numbered in order, none twice');
  });

  test('a later snapshot that changes a creation field (the key, the amount) is not trusted', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const a = attempt();
    await journal.append('create', T0, [a], none);
    await journal.append('update', T0 + 10, [{ ...a, state: 'send_failed', idempotencyKey: '7b0c0f3e-0000-4000-8000-000000000000' }], none);
    await journal.append('update', T0 + 20, [{ ...a, state: 'send_failed' }], none);
    await journal.close();
    const reopened = await Journal.open(dir);
    assert.equal(reopened.attempts.get(a.id)?.idempotencyKey, a.idempotencyKey);
    assert.equal(reopened.attempts.get(a.id)?.state, 'send_failed', 'the records after the bad one still count');
    assert.equal(reopened.warnings.length, 1);
    assert.match(reopened.warnings[0] ?? '', /idempotencyKey/);
    await reopened.journal.close();
  });

  test('a torn last record is reported, the records before it are kept, and the next append starts a fresh line', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const a = attempt();
    await journal.append('create', T0, [a], none);
    await journal.close();
    const file = join(dir, 'journal', dayFileName(localDay(T0)));
    const full = encodeRecord({ v: 1, kind: 'update', at: T0, attempts: [{ ...a, state: 'send_failed' }] });
    appendFileSync(file, full.slice(0, Math.floor(full.length / 2)));

    const second = await Journal.open(dir);
    assert.equal(second.attempts.get(a.id)?.state, 'sending');
    assert.equal(second.warnings.length, 1);
    assert.match(second.warnings[0] ?? '', /line 3 ignored: .*cut short/);
    await second.journal.append('update', T0 + 5, [{ ...a, state: 'send_failed' }], none);
    await second.journal.close();

    const third = await Journal.open(dir);
    assert.equal(third.attempts.get(a.id)?.state, 'send_failed', 'the append after the torn record is readable');
    assert.equal(third.warnings.length, 1, 'the torn record is still reported, not hidden');
    await third.journal.close();
  });

  test('a new day starts a new file that carries the open attempts first', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const open = attempt();
    await journal.append('create', T0, [open], none);
    const tomorrow = T0 + DAY;
    const b = attempt(tomorrow);
    const res = await journal.append('create', tomorrow, [b], () => [open]);
    assert.equal(res.rolled, true);
    assert.deepEqual(res.records.map((r) => [r.kind, r.seq]), [['carry', 3], ['create', 4]], 'the first file opened with a carry (1) before its create (2)');
    await journal.close();
    const lines = readFileSync(join(dir, 'journal', dayFileName(localDay(tomorrow))), 'utf8').trim().split('\n');
    const kinds = lines.map((l) => {
      const d = decodeLine(l);
      return d.ok && d.record ? `${d.record.kind}:${d.record.attempts.length}` : 'bad';
    });
    assert.deepEqual(kinds, ['carry:1', 'create:1']);
  });

  test('start-up reads only the newest day file, never older history', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'journal'));
    // An old file full of garbage: reading it would produce warnings.
    writeFileSync(join(dir, 'journal', '2020-01-01.jsonl'), 'garbage\nmore garbage\n');
    const { journal } = await Journal.open(dir);
    await journal.append('create', T0, [attempt()], none);
    await journal.close();
    const again = await Journal.open(dir);
    assert.equal(again.day, localDay(T0));
    assert.deepEqual(again.warnings, []);
    assert.equal(again.attempts.size, 1);
    await again.journal.close();
  });

  test('a clock set back never writes into an older day file than the newest', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    await journal.append('create', T0 + DAY, [attempt(T0 + DAY)], none);
    await journal.append('create', T0, [attempt(T0)], none);
    await journal.close();
    const again = await Journal.open(dir);
    assert.equal(again.day, localDay(T0 + DAY));
    assert.equal(again.attempts.size, 2);
    await again.journal.close();
  });
});
