/**
 * Reading piece by piece must read what reading whole reads: the same lines wherever a piece ends
 * (inside a line, on a newline, inside a character of several bytes), and never past the bytes
 * measured, however much was appended since.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, open, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from './testing/temp-dir.js';
import { FileShrank, forEachChunk, LineSplitter } from './read-chunks.js';

const TEXT = '{"a":"crème brûlée 12 €"}\n\n{"b":"日本"}\r\nlast line without a newline';

async function linesOf(path: string, bytes: number, chunkBytes: number): Promise<{ lines: string[]; read: Buffer }> {
  const lines: string[] = [];
  const read: Buffer[] = [];
  const splitter = new LineSplitter((l) => lines.push(l));
  const handle = await open(path, 'r');
  try {
    await forEachChunk(handle, bytes, (chunk) => {
      read.push(Buffer.from(chunk));
      splitter.push(chunk);
    }, Buffer.alloc(chunkBytes));
  } finally {
    await handle.close();
  }
  splitter.end();
  return { lines, read: Buffer.concat(read) };
}

describe('reading a file piece by piece', () => {
  test('every piece size gives the lines split("\\n") gives for the whole text, the bytes unchanged', () =>
    withTempDir('read-chunks-', async (dir) => {
      const path = join(dir, 'day.jsonl');
      for (const text of [TEXT, `${TEXT}\n`, '', '\n', 'no newline at all']) {
        await writeFile(path, text);
        const whole = Buffer.from(text);
        for (const size of [1, 2, 3, 5, 7, 64, 1 << 20]) {
          const { lines, read } = await linesOf(path, whole.length, size);
          assert.deepEqual(lines, text.split('\n'), `pieces of ${size} bytes of ${JSON.stringify(text)}`);
          assert.deepEqual(read, whole);
        }
      }
    }));

  test('bytes appended after the measure are not read; a file cut below it is said so', () =>
    withTempDir('read-chunks-', async (dir) => {
      const path = join(dir, 'today.jsonl');
      await writeFile(path, TEXT);
      const measured = Buffer.byteLength(TEXT);
      await appendFile(path, '\n{"appended":"later"}\n');
      const { lines, read } = await linesOf(path, measured, 4);
      assert.deepEqual(lines, TEXT.split('\n'));
      assert.equal(read.length, measured);
      await truncate(path, 10);
      await assert.rejects(linesOf(path, measured, 4), (e: unknown) => e instanceof FileShrank && /ends at byte 10, \d+ were measured/.test(e.message));
    }));
});
