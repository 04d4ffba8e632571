/**
 * The app keeps appending to today's day file while an archive is written, from the back office
 * or from the command line beside it. What the manifest measured is what the archive holds; a
 * day file changed inside what was measured (never the journal's way) fails the archive in words
 * and leaves nothing under the chosen name: neither half an archive nor a temporary file.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { appendFile, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { runCli } from '../history/testing/run-cli.js';
import { threeDays } from '../signing/testing/signed-journal.js';
import { checkArchive } from './archive-verify.js';
import { JournalChangedWhileArchiving, measureArchive, writeArchive, writeMeasured, type ArchiveRequest } from './archive-write.js';

const request = (root: string): ArchiveRequest => ({ journalDir: join(root, 'training', 'journal'), environment: 'training', from: '2026-04-01', to: '2026-04-03', writtenAt: 0, writtenBy: 'command line' });
const dayFile = (root: string, day: string): string => join(root, 'training', 'journal', `${day}.jsonl`);

/** What a failed archive must leave in its folder: the names that were there before, no more. */
const leftIn = (dir: string): string[] => readdirSync(dir).filter((n) => n.includes('cparchive')).sort();

describe('an archive written while the journal moves', () => {
  test('bytes appended to today\'s file between the measure and the copy wait for the next archive; the archive verifies', async () => {
    await withTempDir('counterpay-archive-race-', async (root) => {
      await threeDays(root);
      const before = join(root, 'before.cparchive');
      await writeArchive(request(root), before);
      const measured = await measureArchive(request(root));
      const today = dayFile(root, '2026-04-03');
      const size = statSync(today).size;
      await appendFile(today, '{"appended":"by the app while the archive was written"}\n');
      const during = join(root, 'during.cparchive');
      const written = await writeMeasured(measured, request(root), during);
      assert.equal(written.manifest.files.at(-1)?.bytes, size, 'the size measured, not the size now');
      assert.ok(readFileSync(during).equals(readFileSync(before)), 'the same archive as before the append');
      assert.doesNotMatch(readFileSync(during, 'utf8'), /appended/);
      assert.deepEqual(checkArchive(readFileSync(during)).breaks, []);
      if (process.platform !== 'win32') assert.equal(statSync(during).mode & 0o777, 0o600, 'the shop\'s business: owner only unless the caller says otherwise');
    });
  });

  test('a day file edited, cut short or removed between the passes fails in words; the destination is left as it was', async () => {
    await withTempDir('counterpay-archive-race-', async (root) => {
      const changes: [string, (path: string) => Promise<void>, RegExp][] = [
        ['a byte edited', async (p) => writeFile(p, readFileSync(p, 'utf8').replace('"amountMinor":1330', '"amountMinor":1390')), /its first \d+ bytes are no longer those measured a moment before/],
        ['cut short', async (p) => truncate(p, 100), /it is shorter than the \d+ bytes measured/],
        ['removed', async (p) => rm(p), /it is gone/],
      ];
      for (const [what, change, why] of changes) {
        await threeDaysAgain(root);
        const measured = await measureArchive(request(root));
        await change(dayFile(root, '2026-04-02'));
        const fresh = join(root, 'fresh.cparchive');
        await assert.rejects(writeMeasured(measured, request(root), fresh), (e: unknown) => {
          assert.ok(e instanceof JournalChangedWhileArchiving, `${what}: ${String(e)}`);
          assert.match(e.message, /^2026-04-02\.jsonl changed while the archive was written \(/);
          assert.match(e.message, why);
          assert.match(e.message, /No archive was written: write it again/);
          return true;
        }, what);
        assert.equal(existsSync(fresh), false, `${what}: no archive under the chosen name`);
        assert.deepEqual(leftIn(root), [], `${what}: no temporary file left beside it`);
      }
      // An archive already under the chosen name (a month archived before) stays whole.
      await threeDaysAgain(root);
      const kept = join(root, 'kept.cparchive');
      await writeArchive(request(root), kept);
      const old = readFileSync(kept);
      const measured = await measureArchive(request(root));
      await truncate(dayFile(root, '2026-04-01'), 10);
      await assert.rejects(writeMeasured(measured, request(root), kept), JournalChangedWhileArchiving);
      assert.ok(readFileSync(kept).equals(old));
      assert.deepEqual(leftIn(root), ['kept.cparchive']);
    });
  });

  test('the command line says an archive it cannot write, exit 1, and leaves no file', async () => {
    await withTempDir('counterpay-archive-race-', async (root) => {
      await threeDays(root);
      const out = join(root, 'no such folder', 'a.cparchive');
      const r = await runCli(['archive', '--data-dir', root, '--from', '2026-04-01', '--to', '2026-04-01', '--out', out]);
      assert.equal(r.code, 1, r.err);
      assert.match(r.err, /^Cannot write .*a\.cparchive: ENOENT/);
      assert.equal(existsSync(out), false);
      const ok = await runCli(['archive', '--data-dir', root, '--from', '2026-04-01', '--to', '2026-04-01', '--out', join(root, 'a.cparchive')]);
      assert.equal(ok.code, 0, ok.err);
      assert.match(ok.err, /Written to .*a\.cparchive\.\n$/);
    });
  });
});

/** A fresh journal in the same folder, for the next change to break. */
async function threeDaysAgain(root: string): Promise<void> {
  for (const name of readdirSync(root)) await rm(join(root, name), { recursive: true, force: true });
  await threeDays(root);
}
