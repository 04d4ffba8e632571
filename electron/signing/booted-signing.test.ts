/**
 * Signing as the booted core wires it: the key made at the first start and kept across restarts
 * (the harness's in-memory cipher, so an owner-only file), its public key beside the journal, a
 * closing signed, and a lost key told to the manager and journaled; verify agrees each time.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import type { AppState, SetupNotice } from '../../shared/ipc/types.js';
import { englishNotice } from '../../shared/testing/english-notice.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { memoryLogger } from '../log.js';
import { bootCore, type BootedCore } from '../core/boot.js';
import { dispatch } from '../core/dispatch.js';
import { runCli } from '../history/testing/run-cli.js';
import { KEY_PLAIN_FILE } from './register-key.js';
import { PUBLIC_KEYS_FILE, readPublicKeys } from './signed-text.js';

const NOW = Date.UTC(2026, 3, 1, 9);
const boot = (dir: string): Promise<BootedCore> => bootCore({ dataDir: dir, logger: memoryLogger(), clock: new ManualClock({ start: NOW, frozen: true }) });

/** The kinds of notice the manager is shown now. */
async function noticeKinds(b: BootedCore): Promise<SetupNotice[]> {
  const r = await dispatch(b.core, 'getAppState', undefined);
  if (!r.ok) throw new Error(JSON.stringify(r));
  return (r.value as AppState).notices ?? [];
}

const keyIds = (dir: string): string[] => [...readPublicKeys(readFileSync(join(dir, 'training', 'journal', PUBLIC_KEYS_FILE), 'utf8'))!.keys()];

describe('the booted core signs its journal', () => {
  test('one key across restarts, a closing signed, a lost key told and journaled', async () => {
    await withTempDir('counterpay-signing-', async (dir) => {
      const first = await boot(dir);
      assert.equal((await dispatch(first.core, 'closeDay', { day: '2026-03-31', closedBy: 'Marie' })).ok, true);
      await first.close();
      const [id] = keyIds(dir);
      const second = await boot(dir);
      assert.equal((await noticeKinds(second)).some((n) => n.kind === 'register_key_changed'), false);
      await second.close();
      assert.deepEqual(keyIds(dir), [id]);
      const signed = await runCli(['verify', '--data-dir', dir]);
      assert.equal(signed.code, 0, signed.out);
      assert.match(signed.out, /; 1 signature\(s\) checked/);

      unlinkSync(join(dir, KEY_PLAIN_FILE));
      const third = await boot(dir);
      try {
        const notice = (await noticeKinds(third)).find((n) => n.kind === 'register_key_changed');
        assert.ok(notice, 'the manager is told');
        assert.match(englishNotice(notice).title, /signing key changed/);
      } finally {
        await third.close();
      }
      assert.equal(keyIds(dir).length, 2);
      const after = await runCli(['verify', '--data-dir', dir]);
      assert.equal(after.code, 0, after.out);
      assert.match(after.err, /key changed at record \d+ without its old key/);
    });
  });
});
