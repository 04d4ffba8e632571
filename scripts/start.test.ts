import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_ELECTRON_LINE } from './electron-binary.js';

test('npm start without the Electron binary: one line pointing to the harness, exit 1, nothing built', () => {
  const emptyDist = mkdtempSync(join(tmpdir(), 'no-electron-'));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: emptyDist },
    timeout: 30_000,
  });
  assert.equal(run.status, 1);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, `${NO_ELECTRON_LINE}\n`);
  assert.match(NO_ELECTRON_LINE, /npm run harness -- --port \d+/);
});
