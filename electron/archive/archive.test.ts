/**
 * Archives as an auditor receives them: written from a signed journal by the command line (no
 * key) and by the app (signed whole), verified anywhere with nothing but the file, and any byte
 * flipped or cut off caught; a closing written the next morning travels with its signature.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { runCli } from '../history/testing/run-cli.js';
import { monthAndYearClosedLater, threeDays } from '../signing/testing/signed-journal.js';
import { checkArchive } from './archive-verify.js';
import { writeArchive } from './archive-write.js';
import { closesWithin, endLine, type ArchiveManifest } from './archive-format.js';
import { sha256Hex } from '../payments/journal-envelope.js';

const archiveOf = async (root: string, from: string, to: string, out: string) => runCli(['archive', '--data-dir', root, '--from', from, '--to', to, '--out', out]);
/** The archive written beside the journal and read back whole, for the checks that change its bytes. */
const archived = async (root: string, req: Parameters<typeof writeArchive>[0]): Promise<Buffer> => {
  const file = join(root, 'written.cparchive');
  await writeArchive(req, file);
  return readFileSync(file);
};

describe('journal archives', () => {
  test('the command line archives a day with its closing written the next morning; verify --archive says intact (exit 0)', async () => {
    await withTempDir('counterpay-archive-', async (root) => {
      await threeDays(root);
      const file = join(root, 'april-1.cparchive');
      const written = await archiveOf(root, '2026-04-01', '2026-04-01', file);
      assert.equal(written.code, 0, written.err);
      assert.match(written.err, /in 1 day file\(s\), 1 later closing\(s\)/);
      const r = await runCli(['verify', '--archive', file]);
      assert.equal(r.code, 0, r.out + r.err);
      assert.match(r.out, /^archive intact: \d+ chained records in 1 day file\(s\) of training from 2026-04-01 to 2026-04-01, 1 later closing\(s\); \d+ signature\(s\) checked; signing key\(s\) [0-9a-f]{16} \(SHA-256 fingerprint [0-9a-f]{64}\)\n$/);
      assert.match(r.err, /written without the register's key/);
      const whole = await archiveOf(root, '2026-04-01', '2026-04-03', join(root, 'all.cparchive'));
      assert.equal(whole.code, 0, whole.err);
      assert.match(whole.err, /the last \d+ record\(s\) come after the last signed head/);
      assert.equal((await runCli(['verify', '--archive', join(root, 'all.cparchive')])).code, 0);
      // A period in the middle: its chain is taken up where the manifest says the record before it stood.
      assert.equal((await archiveOf(root, '2026-04-02', '2026-04-02', join(root, 'mid.cparchive'))).code, 0);
      const mid = await runCli(['verify', '--archive', join(root, 'mid.cparchive')]);
      assert.equal(mid.code, 0, mid.out);
      assert.match(mid.out, /in 1 day file\(s\) of training from 2026-04-02 to 2026-04-02, 0 later closing\(s\)/);
    });
  });

  test('a journal already changed is archived as it stands, its breaks listed (exit 3), and the archive shows them too', async () => {
    await withTempDir('counterpay-archive-', async (root) => {
      await threeDays(root);
      const day = join(root, 'training', 'journal', '2026-04-02.jsonl');
      writeFileSync(day, readFileSync(day, 'utf8').replace('"amountMinor":1330', '"amountMinor":1390'));
      const file = join(root, 'broken.cparchive');
      const written = await archiveOf(root, '2026-04-01', '2026-04-03', file);
      assert.equal(written.code, 3);
      assert.match(written.err, /2026-04-02\.jsonl line \d+: edited record/);
      const r = await runCli(['verify', '--archive', file]);
      assert.equal(r.code, 3);
      assert.match(r.out, /^2026-04-02\.jsonl line \d+: edited record/m);
    });
  });

  test('a byte of an archive flipped anywhere, or its end cut off, is caught (exit 3)', async () => {
    await withTempDir('counterpay-archive-', async (root) => {
      await threeDays(root);
      const file = join(root, 'a.cparchive');
      assert.equal((await archiveOf(root, '2026-04-01', '2026-04-02', file)).code, 0);
      const bytes = readFileSync(file);
      assert.deepEqual(checkArchive(bytes).breaks, []);
      // Every byte of the manifest, keys and end line, and every 7th byte of the records between (each flip checks the whole file).
      const framing = (i: number) => i < 4000 || i >= bytes.length - 800;
      for (let i = 0; i < bytes.length; i += framing(i) ? 1 : 7) {
        const flipped = Buffer.from(bytes);
        flipped[i] = flipped[i]! ^ 0x01;
        assert.notEqual(checkArchive(flipped).breaks.length, 0, `byte ${i} (${JSON.stringify(bytes.subarray(Math.max(0, i - 20), i + 20).toString())}) flipped, not caught`);
      }
      const one = Buffer.from(bytes);
      one[Math.floor(bytes.length / 2)] = one[Math.floor(bytes.length / 2)]! ^ 0x01;
      writeFileSync(file, one);
      const r = await runCli(['verify', '--archive', file]);
      assert.equal(r.code, 3, r.out);
      assert.match(r.err, /break\(s\) in the archive/);
      for (const cut of [1, 200, bytes.length - 10]) {
        writeFileSync(file, bytes.subarray(0, bytes.length - cut));
        assert.equal((await runCli(['verify', '--archive', file])).code, 3, `${cut} bytes cut off`);
      }
    });
  });

  test('a manifest rewritten with its end hash recomputed (anyone can, without the key) is checked against the records, never trusted', async () => {
    await withTempDir('counterpay-archive-', async (root) => {
      await threeDays(root);
      const content = await archived(root, { journalDir: join(root, 'training', 'journal'), environment: 'training', from: '2026-04-01', to: '2026-04-03', writtenAt: 0, writtenBy: 'command line' });
      assert.deepEqual(checkArchive(content).breaks, []);
      assert.equal(checkArchive(content).manifest?.unsignedTail !== 0, true, 'the journal ends after its last signed head');
      const rewritten = (change: (m: ArchiveManifest) => void): Buffer => {
        const text = content.toString('utf8');
        const nl = text.indexOf('\n');
        const head = JSON.parse(text.slice(0, nl)) as { manifest: ArchiveManifest };
        change(head.manifest);
        const body = Buffer.from(JSON.stringify(head) + text.slice(nl, text.lastIndexOf('{"archiveEnd"')), 'utf8');
        return Buffer.concat([body, Buffer.from(endLine({ sha256: sha256Hex(body), archiveSignature: null }), 'utf8')]);
      };
      assert.deepEqual(checkArchive(rewritten(() => undefined)).breaks, [], 'the rewriting itself changes nothing');
      const cases: [string, (m: ArchiveManifest) => void, RegExp][] = [
        ['no unsigned tail claimed', (m) => { m.unsignedTail = 0; }, /come after the last signed head, the day files hold/],
        ['records counted wrong', (m) => { m.records += 1; }, /the manifest counts \d+ chained record\(s\), the day files hold/],
        ['another last signed head', (m) => { m.lastSignedHead = null; }, /last signed head is not the last signature record/],
        ['a day file renamed in the manifest', (m) => { m.files[0]!.name = '2026-04-09.jsonl'; }, /2026-04-01\.jsonl is not the file the manifest lists/],
        ['a period that is not a day', (m) => { m.to = 'soon'; }, /the manifest does not read/],
        ['a day file\'s lines counted wrong', (m) => { m.files[0]!.lines += 1; }, /the manifest says 2026-04-01\.jsonl has \d+ line\(s\), it has/],
        ['an environment that is not text', (m) => { (m as unknown as Record<string, unknown>).environment = { name: 'x' }; }, /the manifest does not read/],
      ];
      // An end line with its signature field left out altogether is refused in words (verify used to throw on it).
      const text = content.toString('utf8');
      const before = Buffer.from(text.slice(0, text.lastIndexOf('{"archiveEnd"')), 'utf8');
      const bare = Buffer.concat([before, Buffer.from(`{"archiveEnd":{"sha256":"${sha256Hex(before)}"}}\n`, 'utf8')]);
      assert.deepEqual(checkArchive(bare).breaks.map((b) => b.what), ['the archive\'s end line does not read']);
      for (const [what, change, why] of cases) {
        const check = checkArchive(rewritten(change));
        assert.match(check.breaks.map((b) => b.what).join('\n'), why, what);
        assert.doesNotMatch(check.notes.join('\n'), /come after the last signed head: the chain links them/, `${what}: no reassuring note beside a break`);
      }
    });
  });

  test('a later closing of a day outside the period (signed, genuine) is not taken for the period\'s own', async () => {
    await withTempDir('counterpay-archive-', async (root) => {
      await threeDays(root);
      const journal = join(root, 'training', 'journal');
      const content = await archived(root, { journalDir: journal, environment: 'training', from: '2026-04-01', to: '2026-04-01', writtenAt: 0, writtenBy: 'command line' });
      const text = content.toString('utf8');
      const lines = readFileSync(join(journal, '2026-04-02.jsonl'), 'utf8').split('\n');
      const at = lines.findIndex((l) => l.includes('"kind":"close"') && l.includes('"day":"2026-04-02"'));
      const bytes = Buffer.from(`${lines[at]}\n${lines[at + 1]}`, 'utf8');
      const section = { laterClosing: '2026-04-02.jsonl', line: at + 1, bytes: bytes.length, sha256: sha256Hex(bytes) };
      const nl = text.indexOf('\n');
      const head = JSON.parse(text.slice(0, nl)) as { manifest: ArchiveManifest };
      head.manifest.laterClosings = [{ file: section.laterClosing, line: section.line, bytes: section.bytes, sha256: section.sha256 }];
      const before = text.slice(nl, text.indexOf('{"laterClosing"'));
      const body = Buffer.concat([Buffer.from(JSON.stringify(head) + before + JSON.stringify(section) + '\n', 'utf8'), bytes, Buffer.from('\n')]);
      const forged = Buffer.concat([body, Buffer.from(endLine({ sha256: sha256Hex(body), archiveSignature: null }), 'utf8')]);
      const seq = /"seq":(\d+)/.exec(lines[at] ?? '')?.[1];
      assert.deepEqual(checkArchive(forged).breaks.map((b) => b.what), [`the later closing of record ${seq} closes days outside the archive's period 2026-04-01–2026-04-01`]);
    });
  });

  test('an archive the app writes is signed whole by the register\'s key; a changed signature is caught', async () => {
    await withTempDir('counterpay-archive-', async (root) => {
      const key = await threeDays(root);
      const file = join(root, 'signed.cparchive');
      await writeArchive({
        journalDir: join(root, 'training', 'journal'), environment: 'training', from: '2026-04-01', to: '2026-04-30',
        writtenAt: Date.UTC(2026, 4, 1), writtenBy: 'Marie', signer: key.current,
      }, file);
      const content = readFileSync(file);
      const r = await runCli(['verify', '--archive', file]);
      assert.equal(r.code, 0, r.out + r.err);
      assert.match(r.out, new RegExp(`the archive is signed by key ${key.current.id}; signing key\\(s\\) ${key.current.id} `));
      assert.doesNotMatch(r.err, /come after the last signed head/, 'the archive signature covers the tail');
      const text = content.toString('utf8');
      const endAt = text.lastIndexOf('{"archiveEnd"');
      // Another valid-looking signature: the one the register made over a different text.
      const other = key.current.sign('something else');
      const forged = text.slice(0, endAt) + text.slice(endAt).replace(/"signature":"[^"]+"/, `"signature":"${other}"`);
      assert.notEqual(forged, text);
      assert.deepEqual(checkArchive(Buffer.from(forged)).breaks.map((b) => b.what), ['the register\'s signature over the archive does not verify']);
    });
  });

  test('a month closed on the 1st goes with its month\'s archive, the year\'s closing with the year\'s; each verified with its signature', async () => {
    await withTempDir('counterpay-archive-', async (root) => {
      await monthAndYearClosedLater(root);
      const april = join(root, 'april.cparchive');
      const a = await archiveOf(root, '2026-04-01', '2026-04-30', april);
      assert.equal(a.code, 0, a.err);
      assert.match(a.err, /1 later closing\(s\)/, 'April\'s month closing, not December\'s nor the year\'s');
      const aprilText = readFileSync(april, 'utf8');
      assert.match(aprilText, /"kind":"close_month".*"period":"2026-04"/);
      assert.doesNotMatch(aprilText, /"kind":"close_year"/);
      assert.equal((await runCli(['verify', '--archive', april])).code, 0);

      const year = join(root, 'year.cparchive');
      const y = await archiveOf(root, '2026-01-01', '2026-12-31', year);
      assert.equal(y.code, 0, y.err);
      assert.match(y.err, /2 later closing\(s\)/, 'December\'s and the year\'s (April\'s is inside the period\'s files)');
      const r = await runCli(['verify', '--archive', year]);
      assert.equal(r.code, 0, r.out + r.err);
      assert.match(r.out, /2 later closing\(s\)/);
      const check = checkArchive(readFileSync(year));
      assert.deepEqual(check.breaks, []);
      assert.equal(check.notes.filter((n) => /no signature after it/.test(n)).length, 0, 'each closing travels with its signature');

      // A byte of the year's closing or of its signature flipped: caught.
      const bytes = readFileSync(year);
      const text = bytes.toString('utf8');
      for (const at of [text.indexOf('"period":"2026"') + 11, text.lastIndexOf('"kind":"signature"') + 9]) {
        const flipped = Buffer.from(bytes);
        flipped[at] = flipped[at]! ^ 0x01;
        assert.notEqual(checkArchive(flipped).breaks.length, 0, `byte ${at} flipped, not caught`);
      }
    });
  });

  test('which later closings belong to a period: every day they close lies inside it', () => {
    assert.equal(closesWithin('close', { day: '2026-04-30' }, '2026-04-01', '2026-04-30'), true);
    assert.equal(closesWithin('close_month', { period: '2026-02' }, '2026-02-01', '2026-02-28'), true);
    assert.equal(closesWithin('close_month', { period: '2028-02' }, '2028-02-01', '2028-02-28'), false, 'a leap February runs to the 29th');
    assert.equal(closesWithin('close_month', { period: '2026-04' }, '2026-04-01', '2026-04-15'), false);
    assert.equal(closesWithin('close_year', { period: '2026' }, '2026-01-01', '2026-12-31'), true);
    assert.equal(closesWithin('close_year', { period: '2026' }, '2026-04-01', '2026-04-30'), false);
    assert.equal(closesWithin('close_month', { period: '2026-13' }, '2026-01-01', '2026-12-31'), false);
    assert.equal(closesWithin('close', { period: '2026-04' }, '2026-01-01', '2026-12-31'), false, 'a day closing names a day');
  });

  test('usage: --out is required, the period must hold a day file', async () => {
    await withTempDir('counterpay-archive-', async (root) => {
      await threeDays(root);
      for (const [argv, why] of [
        [['archive', '--data-dir', root, '--from', '2026-04-01', '--to', '2026-04-01'], /--out FILE is required/],
        [['archive', '--data-dir', root, '--from', '2026-05-01', '--to', '2026-05-31', '--out', join(root, 'x')], /nothing to archive: the training journal has no journal day file from 2026-05-01 to 2026-05-31/],
        [['archive', '--data-dir', root, '--from', '2026-04-02', '--to', '2026-04-01', '--out', join(root, 'x')], /is after --to/],
        [['verify', '--archive', join(root, 'x'), '--store-url', 'postgres://x'], /give --archive without --store-url/],
        [['verify', '--data-dir', root, '--anchor', '12:abc'], /--anchor must be SEQ:HASH/],
        [['verify', '--archive', join(root, 'none.cparchive')], /cannot read the archive .*none\.cparchive: no such file/],
      ] as const) {
        const r = await runCli([...argv]);
        assert.equal(r.code, 2, `${argv.join(' ')}: ${r.err}`);
        assert.match(r.err, why);
      }
    });
  });
});
