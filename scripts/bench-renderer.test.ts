/** The first load counts what index.html loads before the app runs, and nothing fetched later. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstLoadOf } from './bench-renderer.js';

test('entry script, preloads and styles count; the back office and the language chunks do not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-renderer-'));
  try {
    mkdirSync(join(dir, 'assets'));
    const files: Record<string, string> = {
      'assets/index-AAAAAAAA.js': 'console.log("entry");'.repeat(50),
      'assets/vendor-BBBBBBBB.js': 'export const react = 1;'.repeat(40),
      'assets/index-CCCCCCCC.css': 'body{margin:0}'.repeat(30),
      'assets/BackOffice-DDDDDDDD.js': 'x'.repeat(5000),
      'assets/fr-EEEEEEEE.js': 'export default JSON.parse("{}")',
      'assets/en-XA-FFFFFFFF.js': 'export default JSON.parse("{}")',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head>
      <script type="module" crossorigin src="./assets/index-AAAAAAAA.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/vendor-BBBBBBBB.js">
      <link rel="stylesheet" crossorigin href="./assets/index-CCCCCCCC.css">
      </head><body></body></html>`);
    const load = firstLoadOf(dir);
    assert.deepEqual(load.files.sort(), ['assets/index-AAAAAAAA.js', 'assets/index-CCCCCCCC.css', 'assets/vendor-BBBBBBBB.js']);
    const gz = (name: string) => gzipSync(files[name]!).length;
    assert.equal(load.gzipBytes, gz('assets/index-AAAAAAAA.js') + gz('assets/vendor-BBBBBBBB.js') + gz('assets/index-CCCCCCCC.css'));
    assert.deepEqual(Object.keys(load.catalogs).sort(), ['en-XA', 'fr']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
