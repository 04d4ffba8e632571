/**
 * The chain on generated damage: any single edit, deletion, insertion or reordering of records,
 * or the removal of a day file, is found and located; a record cut short by a crash is not
 * called tampering. Cutting records off the very end is the documented limit (only the last
 * verified point, or something outside the folder, shows it): tested apart.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { dayFileName, localDay } from '../payments/journal-files.js';
import { encodeRecord } from '../payments/journal-records.js';
import { checkJournal } from './journal-verify.js';

const DAY = 86_400_000;
type Files = Map<string, string[]>;
let base: Files;
const dirs: string[] = [];

/** Three days of sales, a closing in the middle: the journal as the app writes it. */
async function writeBase(dir: string): Promise<void> {
  const { journal } = await Journal.open(dir);
  for (let d = 0; d < 3; d++) {
    const at = T0 + d * DAY;
    for (let i = 0; i < 3; i++) {
      const a = newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at + i * 1000);
      await journal.append('create', at + i * 1000, [a], () => []);
      await journal.append('update', at + i * 1000 + 500, [{ ...a, state: 'send_failed', updatedAt: at + i * 1000 + 500 }], () => []);
    }
    if (d === 1) await journal.appendRecord('close', { day: localDay(at), registerId: 'reg-1', totals: {}, attemptIds: [] }, 'Marie', at + 5000, () => []);
  }
  await journal.close();
}

function load(dir: string): Files {
  const files: Files = new Map();
  for (const name of readdirSync(join(dir, 'journal')).filter((n) => n.endsWith('.jsonl')).sort()) {
    files.set(name, readFileSync(join(dir, 'journal', name), 'utf8').split('\n').slice(0, -1));
  }
  return files;
}

async function check(files: Files, tail = '\n') {
  const dir = mkdtempSync(join(tmpdir(), 'cp-chain-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'journal'));
  const names = [...files.keys()];
  for (const [name, lines] of files) writeFileSync(join(dir, 'journal', name), lines.join('\n') + (name === names.at(-1) ? tail : '\n'));
  return checkJournal(join(dir, 'journal'));
}

const clone = (f: Files): Files => new Map([...f].map(([k, v]) => [k, [...v]]));
/** Every (file, line index) but the journal's very last record: cutting that off is the limit the docs own. */
const places = (f: Files): [string, number][] => {
  const all = [...f].flatMap(([name, lines]) => lines.map((_, i) => [name, i] as [string, number]));
  return all.slice(0, -1);
};
const near = (b: { file: string; line: number }, file: string, index: number): boolean => b.file === file && Math.abs(b.line - (index + 1)) <= 1;

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cp-chain-base-'));
  dirs.push(dir);
  await writeBase(dir);
  base = load(dir);
});
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the chain under generated damage', () => {
  test('the journal as written is intact', async () => {
    const res = await check(base);
    assert.deepEqual(res.breaks, []);
    assert.equal(res.records, [...base.values()].reduce((n, l) => n + l.length, 0));
  });

  test('any single edited byte is found at its line', async () => {
    const all = places(base);
    await fc.assert(fc.asyncProperty(fc.nat(all.length - 1), fc.nat(), fc.integer({ min: 32, max: 126 }), async (p, pos, code) => {
      const [file, i] = all[p]!;
      const f = clone(base);
      const line = f.get(file)![i]!;
      const at = pos % line.length;
      fc.pre(line.charCodeAt(at) !== code);
      f.get(file)![i] = line.slice(0, at) + String.fromCharCode(code) + line.slice(at + 1);
      const res = await check(f);
      assert.ok(res.breaks.some((b) => near(b, file, i)), JSON.stringify(res.breaks));
    }), { numRuns: 60 });
  });

  test('any single deleted, copied-in or swapped record is found and located', async () => {
    const all = places(base);
    const flat = [...base.values()].flat();
    await fc.assert(fc.asyncProperty(fc.constantFrom('delete', 'insert', 'swap'), fc.nat(all.length - 1), fc.nat(flat.length - 1), async (op, p, q) => {
      const [file, i] = all[p]!;
      const f = clone(base);
      const lines = f.get(file)!;
      if (op === 'delete') lines.splice(i, 1);
      if (op === 'insert') lines.splice(i, 0, flat[q]!);
      if (op === 'swap') {
        fc.pre(i + 1 < lines.length);
        [lines[i], lines[i + 1]] = [lines[i + 1]!, lines[i]!];
      }
      fc.pre(lines.length > 0);
      const res = await check(f);
      assert.ok(res.breaks.some((b) => near(b, file, i) || (b.line === 1 && op === 'delete')), `${op} ${file}:${i + 1} → ${JSON.stringify(res.breaks)}`);
    }), { numRuns: 80 });
  });

  test('a missing day file is named', async () => {
    for (const name of [...base.keys()].slice(0, -1)) {
      const f = clone(base);
      f.delete(name);
      const res = await check(f);
      assert.ok(res.breaks.some((b) => b.what.includes('missing')), `${name}: ${JSON.stringify(res.breaks)}`);
      if (name !== [...base.keys()][0]) assert.ok(res.breaks.some((b) => b.what.includes(`missing day file: ${name}`)), JSON.stringify(res.breaks));
    }
  });

  test('a record cut short by a crash, at the end or with records after it, is not tampering', async () => {
    const all = [...base.values()].flat();
    await fc.assert(fc.asyncProperty(fc.nat(all.length - 1), fc.integer({ min: 1, max: 400 }), async (j, cut) => {
      const line = all[j]!;
      const f = clone(base);
      const last = [...f.keys()].at(-1)!;
      const torn = line.slice(0, Math.min(cut, line.length - 1));
      const tail = await check(f, `\n${torn}`);
      assert.deepEqual(tail.breaks, []);
      assert.equal(tail.notes.length, 1);
      // A torn line in the middle, followed by a record written after the restart, is the same crash.
      const dir = mkdtempSync(join(tmpdir(), 'cp-chain-torn-'));
      dirs.push(dir);
      mkdirSync(join(dir, 'journal'));
      for (const [name, lines] of f) writeFileSync(join(dir, 'journal', name), `${lines.join('\n')}\n`);
      appendFileSync(join(dir, 'journal', last), torn.replace(/"seq":\d+,/, ''));
      const { journal, lastSeq } = await Journal.open(dir);
      await journal.appendRecord('note_of_a_newer_kind', { text: 'after the crash' }, '', T0 + 2 * DAY + 9000, () => []);
      await journal.close();
      const res = await checkJournal(join(dir, 'journal'));
      assert.deepEqual(res.breaks, []);
      assert.equal(res.records, all.length + 1, `seq ${lastSeq + 1} is counted once`);
    }), { numRuns: 15 });
  });
});

describe('journals before the chain', () => {
  test('are taken over by a first record vouching for every byte; a later edit of an old line is found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cp-chain-old-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'journal'));
    const a = newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0);
    const old = join(dir, 'journal', dayFileName(localDay(T0)));
    writeFileSync(old, `${encodeRecord({ v: 1, seq: 1, kind: 'create', at: T0, attempts: [a] })}\n${encodeRecord({ v: 1, seq: 2, kind: 'update', at: T0 + 1, attempts: [{ ...a, state: 'send_failed' }] })}\n`);
    const opened = await Journal.open(dir, () => T0 + DAY);
    assert.equal(opened.takenOver?.kind, 'takeover');
    assert.equal(opened.attempts.get(a.id)?.state, 'send_failed');
    await opened.journal.append('update', T0 + DAY, [{ ...a, state: 'send_failed', updatedAt: T0 + DAY }], () => []);
    await opened.journal.close();
    assert.deepEqual((await checkJournal(join(dir, 'journal'))).breaks, []);
    const reopened = await Journal.open(dir, () => T0 + DAY);
    assert.equal(reopened.takenOver, null, 'taken over once');
    await reopened.journal.close();
    writeFileSync(old, readFileSync(old, 'utf8').replace('"seq":1,', '"seq":9,'));
    const res = await checkJournal(join(dir, 'journal'));
    assert.match(res.breaks.map((b) => b.what).join('\n'), /changed after the chain took it over/);
  });
});
