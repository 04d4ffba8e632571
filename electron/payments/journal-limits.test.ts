import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeRecord, MAX_LINE_CHARS } from './journal-records.js';
import { readJournalFile } from './journal-files.js';
import { appendClosing, readClosings, CLOSINGS_FILE } from '../history/day-closings.js';
import { deepJsonText, hugeJsonText, longestTimerGap, FREE_LOOP_MS } from '../../shared/testing/hostile-json.js';

const sum = (raw: string) => createHash('sha256').update(raw, 'utf8').digest('hex').slice(0, 16);
/** A line whose checksum is right: only the size and depth limits stand between it and the record validator. */
const sealed = (raw: string) => `{"sum":"${sum(raw)}","rec":${raw}}`;

async function inDir(run: (dir: string) => Promise<void>) {
  const dir = await mkdtemp(join(tmpdir(), 'cp-journal-limits-'));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('journal: a 6 000-deep and a multi-MB record are reported by line, and the records around them still read', async () => {
  await inDir(async (dir) => {
    const good = (at: number) => encodeRecord({ v: 1, kind: 'update', at, attempts: [] });
    const huge = sealed(hugeJsonText(6));
    assert.ok(huge.length > MAX_LINE_CHARS);
    await writeFile(join(dir, 'day.jsonl'), [good(1), sealed(deepJsonText()), huge, good(2), ''].join('\n'));
    let read: Awaited<ReturnType<typeof readJournalFile>> | undefined;
    const gap = await longestTimerGap(async () => { read = await readJournalFile(dir, 'day.jsonl'); });
    assert.ok(read);
    assert.deepEqual(read.records.map((r) => r.at), [1, 2]);
    assert.equal(read.warnings.length, 2, read.warnings.join('\n'));
    assert.match(read.warnings[0]!, /^journal day\.jsonl line 2 ignored: checksum matches but the record is too deep: \/a\/a.* nested more than 32 levels deep$/);
    assert.match(read.warnings[1]!, new RegExp(`^journal day\\.jsonl line 3 ignored: line too large: ${huge.length} characters, over the limit of ${MAX_LINE_CHARS}$`));
    assert.ok(gap < FREE_LOOP_MS, `longest timer gap ${gap.toFixed(0)} ms`);
  });
});

test('closings: a 6 000-deep and a multi-MB closing line are reported by line with the reason; good closings still read', async () => {
  await inDir(async (dir) => {
    const closing = { kind: 'correction' as const, day: '2026-04-01', at: 1, by: 'Manager', registerId: 'REG-1', attemptIds: [], note: 'late outcome' };
    await appendClosing(dir, closing);
    const deepRec = deepJsonText();
    const lines = [JSON.stringify({ sum: sum(deepRec), rec: deepRec }), `{"sum":"0","rec":${JSON.stringify(hugeJsonText(6))}}`, deepJsonText()];
    await writeFile(join(dir, CLOSINGS_FILE), `${lines.join('\n')}\n`, { flag: 'a' });
    let read: Awaited<ReturnType<typeof readClosings>> | undefined;
    const gap = await longestTimerGap(async () => { read = await readClosings(dir); });
    assert.ok(read);
    assert.deepEqual(read.records, [closing]);
    assert.equal(read.damaged.length, 3, read.damaged.join('\n'));
    assert.match(read.damaged[0]!, /^journal closings\.jsonl line 2 ignored: too deep: \/a\/a/);
    assert.match(read.damaged[1]!, /^journal closings\.jsonl line 3 ignored: too large: \d+ characters, over the limit of 4194304$/);
    assert.match(read.damaged[2]!, /^journal closings\.jsonl line 4 ignored: too deep: /);
    assert.ok(gap < FREE_LOOP_MS, `longest timer gap ${gap.toFixed(0)} ms`);
  });
});
