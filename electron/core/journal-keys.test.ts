/**
 * The manager's archive and key change as the booted core answers them: an archive of the month
 * the app signs whole, which verify accepts anywhere; a month with no journal refused in words;
 * a key change journaled as key_changed signed by the old key under the manager's name, the new
 * key signing from then on and kept across a restart, and verify intact throughout.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import type { JournalArchive, SigningKeyView } from '../../shared/ipc/archive-requests.js';
import type { AppState } from '../../shared/ipc/types.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { memoryLogger } from '../log.js';
import { NodeCipher } from '../auth/node-cipher.js';
import { bootCore, type BootedCore } from './boot.js';
import { dispatch } from './dispatch.js';
import { runCli } from '../history/testing/run-cli.js';
import { PUBLIC_KEYS_FILE, readPublicKeys, type KeyChangedBody } from '../signing/signed-text.js';
import { SignatureCheck } from '../signing/signature-check.js';
import { ChainChecker } from '../history/chain-check.js';
import { linkOf, unseal } from '../payments/journal-envelope.js';

/** The journal's lines checked as the store's copy is: keys given (here the first only), the rest learnt from key changes or not. */
function storeStyleCheck(lines: string[], firstKey: string, learn: boolean): SignatureCheck {
  const pem = readFileSync(firstKey, 'utf8');
  const first = new Map([...readPublicKeys(pem)!.entries()].slice(0, 1));
  const signed = SignatureCheck.withKeys(first, { learnFromChanges: learn });
  const checker = new ChainChecker(null);
  lines.forEach((l, i) => {
    checker.line('store', i + 1, l);
    const sealed = unseal(l);
    const link = sealed.ok ? linkOf(sealed.raw) : null;
    if (sealed.ok && link && (link.kind === 'signature' || link.kind === 'key_changed')) signed.record(sealed.raw, link, { file: 'store', line: i + 1 }, (seq) => checker.hashOf(seq));
  });
  return signed;
}

const NOW = Date.UTC(2026, 3, 1, 9);
/** The files offered for saving, and the answer to the next offer: a folder's path for the name, or null (cancelled). */
const offered: string[] = [];
let saveTo: ((name: string) => string) | null = null;
const boot = (dir: string): Promise<BootedCore> => bootCore({
  dataDir: dir, logger: memoryLogger(), clock: new ManualClock({ start: NOW, frozen: true }),
  chooseSavePath: async (name) => {
    offered.push(name);
    return saveTo ? saveTo(name) : null;
  },
});
const journal = (dir: string): string => join(dir, 'training', 'journal');
const keyIds = (dir: string): string[] => [...readPublicKeys(readFileSync(join(journal(dir), PUBLIC_KEYS_FILE), 'utf8'))!.keys()];

async function ok<T>(b: BootedCore, method: Parameters<typeof dispatch>[1], req: unknown): Promise<T> {
  const r = await dispatch(b.core, method, req as never);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

describe('the back office archives and changes the signing key', () => {
  test('an archive of the month, signed whole by the register, verifies anywhere; a month without journal is refused in words', async () => {
    await withTempDir('counterpay-archive-core-', async (dir) => {
      const b = await boot(dir);
      try {
        await ok(b, 'closeDay', { day: '2026-03-31', closedBy: 'Marie' });
        const key = await ok<SigningKeyView>(b, 'getSigningKey', undefined);
        assert.equal(key.storage, 'owner-only-file');
        // Cancelled in the save dialog: nothing signed, nothing written.
        saveTo = null;
        const linesBefore = readFileSync(join(journal(dir), readdirSync(journal(dir)).find((n) => n.endsWith('.jsonl'))!), 'utf8');
        assert.deepEqual(await ok<JournalArchive>(b, 'archiveJournal', { period: 'month', value: '2026-04', by: 'Marie' }), { saved: false });
        assert.equal(readFileSync(join(journal(dir), readdirSync(journal(dir)).find((n) => n.endsWith('.jsonl'))!), 'utf8'), linesBefore);
        // Saved where the manager chose, by the main process: the answer carries no file content.
        const chosen = join(dir, 'for-the-auditor.cparchive');
        saveTo = () => chosen;
        const archive = await ok<JournalArchive>(b, 'archiveJournal', { period: 'month', value: '2026-04', by: 'Marie' });
        assert.deepEqual(offered.slice(-2), Array(2).fill('counterpay-training-archive-2026-04-01_2026-04-30.cparchive'));
        assert.ok(archive.saved);
        assert.equal(archive.fileName, 'for-the-auditor.cparchive');
        assert.deepEqual(Object.keys(archive).sort(), ['fileName', 'keyId', 'records', 'saved', 'signatures']);
        assert.ok(archive.signatures >= 2, 'the closing\'s signature and the head signed for the archive');
        const file = chosen;
        const r = await runCli(['verify', '--archive', file]);
        assert.equal(r.code, 0, r.out + r.err);
        assert.match(r.out, new RegExp(`signed by key ${key.keyId}; signing key\\(s\\) ${key.keyId} \\(SHA-256 fingerprint ${key.keyId}[0-9a-f]{48}\\)\\n$`));
        assert.match(readFileSync(file, 'utf8'), /"writtenBy":"Marie"/);
        // Streamed through a temporary file beside it, renamed whole: nothing else is left in the folder; readable by whoever takes it to the accountant.
        assert.deepEqual(readdirSync(dir).filter((n) => n.includes('cparchive')), ['for-the-auditor.cparchive']);
        if (process.platform !== 'win32') assert.equal(statSync(file).mode & 0o777, 0o644);

        const none = await dispatch(b.core, 'archiveJournal', { period: 'year', value: '2025', by: 'Marie' });
        assert.equal(none.ok, false);
        assert.deepEqual(!none.ok && [none.error.reason, none.error.params], ['archive.nothing', { from: '2025-01-01', to: '2025-12-31' }]);
        const bad = await dispatch(b.core, 'archiveJournal', { period: 'month', value: '2026', by: 'Marie' });
        assert.equal(!bad.ok && bad.error.code, 'invalid_request');
      } finally {
        await b.close();
      }
    });
  });

  test('a key change is journaled signed by the old key, under the manager\'s name; the new key signs and is kept across a restart', async () => {
    await withTempDir('counterpay-key-change-', async (dir) => {
      const b = await boot(dir);
      let changed: SigningKeyView;
      try {
        const before = await ok<SigningKeyView>(b, 'getSigningKey', undefined);
        changed = await ok<SigningKeyView>(b, 'changeSigningKey', { by: 'Marie' });
        assert.notEqual(changed.keyId, before.keyId);
        assert.equal(changed.previousKeyId, before.keyId);
        assert.deepEqual(keyIds(dir), [before.keyId, changed.keyId]);
        const file = readdirSync(journal(dir)).find((n) => n.endsWith('.jsonl'))!;
        const lines = readFileSync(join(journal(dir), file), 'utf8').trim().split('\n');
        const at = lines.findIndex((l) => l.includes('"kind":"key_changed"'));
        const rec = (JSON.parse(lines[at]!) as { rec: { by: string; body: KeyChangedBody } }).rec;
        assert.equal(rec.by, 'Marie');
        assert.equal(rec.body.oldKeyId, before.keyId);
        assert.ok(rec.body.signature, 'signed by the old key');
        assert.match(lines[at + 1]!, new RegExp(`"kind":"signature".*"keyId":"${changed.keyId}"`), 'the new key signs the head at once');
        // The store holds no key file: given the first key, the new one is learnt from the signed key change.
        assert.deepEqual(storeStyleCheck(lines, join(journal(dir), PUBLIC_KEYS_FILE), true).breaks, []);
        assert.match(storeStyleCheck(lines, join(journal(dir), PUBLIC_KEYS_FILE), false).breaks[0]?.what ?? '', new RegExp(`signed by key ${changed.keyId}, which is not in`));
      } finally {
        await b.close();
      }
      const again = await boot(dir);
      try {
        assert.equal((await ok<SigningKeyView>(again, 'getSigningKey', undefined)).keyId, changed.keyId);
        const state = await ok<AppState>(again, 'getAppState', undefined);
        assert.equal((state.notices ?? []).some((n) => n.kind === 'register_key_changed'), false, 'a change the manager made is no lost key');
      } finally {
        await again.close();
      }
      assert.equal(keyIds(dir).length, 2);
      const r = await runCli(['verify', '--data-dir', dir]);
      assert.equal(r.code, 0, r.out + r.err);
      assert.match(r.out, /signature\(s\) checked/);
      assert.doesNotMatch(r.err, /without its old key/);
      // Trusting the first key alone, the signed change leads verify to the second.
      const fromFirst = await runCli(['verify', '--data-dir', dir, '--key-fingerprint', keyIds(dir)[0]!]);
      assert.equal(fromFirst.code, 0, fromFirst.out + fromFirst.err);
      assert.match(fromFirst.out, new RegExp(`against the keys given; signing key\\(s\\) ${keyIds(dir)[0]!} .*, ${keyIds(dir)[1]!} `));
    });
  });

  test('a keychain locked at start: the till opens unsigned, the manager is told in words, and the key is not replaced', async () => {
    await withTempDir('counterpay-archive-core-', async (dir) => {
      const keychain = new (class extends NodeCipher {
        locked = false;
        override async decrypt(data: Buffer) {
          if (this.locked) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
          return super.decrypt(data);
        }
      })({ backend: 'keychain' });
      const opts = { dataDir: dir, logger: memoryLogger(), clock: new ManualClock({ start: NOW, frozen: true }), cipher: keychain, keyTries: { attempts: 2, delayMs: 0, wait: async () => {} } };
      const first = await bootCore(opts);
      const kept = await ok<SigningKeyView>(first, 'getSigningKey', undefined);
      await first.close();
      keychain.locked = true;
      const locked = await bootCore(opts);
      try {
        const state = await ok<AppState>(locked, 'getAppState', undefined);
        assert.deepEqual((state.notices ?? []).filter((n) => n.kind.startsWith('register_key')).map((n) => n.kind), ['register_key_unavailable']);
        const refused = await dispatch(locked.core, 'getSigningKey', undefined);
        assert.equal(!refused.ok && refused.error.reason, 'signing.no_key');
      } finally {
        await locked.close();
      }
      keychain.locked = false;
      const unlocked = await bootCore(opts);
      try {
        assert.equal((await ok<SigningKeyView>(unlocked, 'getSigningKey', undefined)).keyId, kept.keyId);
        assert.deepEqual(((await ok<AppState>(unlocked, 'getAppState', undefined)).notices ?? []).filter((n) => n.kind.startsWith('register_key')), []);
      } finally {
        await unlocked.close();
      }
      assert.deepEqual(keyIds(dir), [kept.keyId]);
    });
  });
});
