/**
 * Verifying a year of a busy register (365 day files × 500 sales, a create and an update
 * record each) against plain SHA-256 over the same bytes, in the same run: the chain check
 * costs reading the lines, one hash per record and an anchored match for seq and prev, never
 * parsing a body. Signed, the journal also holds a closing each day and a signed head every 100
 * records and after each closing, as the app writes them; the baseline then adds one Ed25519
 * verification per signature over the same signed texts, and the same year is archived and the
 * archive checked. The journal is written straight to the files (no fsync: only reading is timed).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import { localDay } from '../shared/domain/calendar-day.js';
import { GENESIS, sealEnvelope } from '../electron/payments/journal-envelope.js';
import { keyIdOf } from '../electron/signing/register-key.js';
import { headText, PUBLIC_KEYS_FILE } from '../electron/signing/signed-text.js';
import { writeArchive } from '../electron/archive/archive-write.js';
import { checkArchive } from '../electron/archive/archive-verify.js';
import { sealAttempts } from '../electron/payments/journal-readback.js';
import { newAttempt } from '../electron/payments/new-attempt.js';
import { checkJournal } from '../electron/history/journal-verify.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1, 9);

/** The head signed as the app signs it, every CHECKPOINT_RECORDS records (head-signer.ts). */
const CHECKPOINT = 100;

export interface VerifyBench {
  records: number; bytes: number; verifyMs: number; sha256Ms: number; intact: boolean;
  /** Signed only: signatures checked, and the year archived (writing) and its archive checked. */
  signatures: number; archive: { bytes: number; writeMs: number; checkMs: number; intact: boolean } | null;
}

export async function benchVerify(dir: string, days: number, salesPerDay: number, signed = false): Promise<VerifyBench> {
  const journalDir = join(dir, 'journal');
  mkdirSync(journalDir, { recursive: true });
  let seq = 0;
  let prev = GENESIS;
  let previousDay: string | null = null;
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const keyId = keyIdOf(publicKey);
  const heads: { text: Buffer; signature: Buffer }[] = [];
  let since = 0;
  if (signed) writeFileSync(join(journalDir, PUBLIC_KEYS_FILE), publicKey.export({ type: 'spki', format: 'pem' }).toString());
  for (let d = 0; d < days; d++) {
    const start = T0 + d * DAY;
    const day = localDay(start);
    const lines: string[] = [];
    const signHead = () => {
      const text = headText(seq, prev);
      const signature = sign(null, Buffer.from(text), privateKey);
      heads.push({ text: Buffer.from(text), signature });
      const s = sealEnvelope({ seq: ++seq, prev, kind: 'signature', at: start, by: 'counterpay' }, JSON.stringify({ seq: seq - 1, hash: prev, keyId, signature: signature.toString('base64') }));
      lines.push(s.line);
      prev = s.hash;
      since = 0;
    };
    const push = (s: { line: string; hash: string }) => {
      lines.push(s.line);
      prev = s.hash;
      if (signed && ++since >= CHECKPOINT) signHead();
    };
    push(sealAttempts({ seq: ++seq, prev, kind: 'carry', at: start, by: 'counterpay' }, [], previousDay));
    for (let i = 0; i < salesPerDay; i++) {
      const at = start + i * 60_000;
      const a = newAttempt({ terminalId: 'term-1', amountMinor: 100 + (i % 5000), currency: 'EUR', metadata: { order: `B-${d}-${i}` }, registerId: 'bench', saleId: null, previousAttemptId: null }, at);
      push(sealAttempts({ seq: ++seq, prev, kind: 'create', at, by: '' }, [a]));
      push(sealAttempts({ seq: ++seq, prev, kind: 'update', at: at + 900, by: '' }, [{ ...a, state: 'authorized', paymentId: `p-${seq}`, authorizedAmountMinor: a.amountMinor, updatedAt: at + 900 }]));
    }
    if (signed) {
      push(sealEnvelope({ seq: ++seq, prev, kind: 'close', at: start + 43_200_000, by: 'Marie' }, JSON.stringify({ day, registerId: 'bench', totals: {}, attemptIds: [] })));
      signHead();
    }
    writeFileSync(join(journalDir, `${day}.jsonl`), `${lines.join('\n')}\n`);
    previousDay = day;
  }
  // The plain hash first and then the check, twice each, the second pair timed: both read from a warm page cache.
  const sha = async () => {
    let bytes = 0;
    for (const name of (await readdir(journalDir)).filter((n) => n.endsWith('.jsonl')).sort()) {
      const buf = await readFile(join(journalDir, name));
      bytes += buf.length;
      for (let s = 0, nl = buf.indexOf(10); nl >= 0; s = nl + 1, nl = buf.indexOf(10, s)) createHash('sha256').update(buf.subarray(s, nl)).digest('hex');
    }
    for (const h of heads) verify(null, h.text, publicKey, h.signature);
    return bytes;
  };
  await sha();
  await checkJournal(journalDir);
  let t = performance.now();
  const bytes = await sha();
  const sha256Ms = performance.now() - t;
  t = performance.now();
  const check = await checkJournal(journalDir);
  const verifyMs = performance.now() - t;
  return {
    records: check.records, bytes, verifyMs, sha256Ms, intact: check.breaks.length === 0, signatures: check.signatures,
    archive: signed ? await benchArchive(journalDir, localDay(T0), previousDay ?? localDay(T0)) : null,
  };
}

/** The year in one archive, as `npm run journal -- archive` writes it, then checked as `verify --archive` does. */
async function benchArchive(journalDir: string, from: string, to: string): Promise<NonNullable<VerifyBench['archive']>> {
  let t = performance.now();
  const { content } = await writeArchive({ journalDir, environment: 'training', from, to, writtenAt: T0, writtenBy: 'bench' });
  const writeMs = performance.now() - t;
  t = performance.now();
  const check = checkArchive(content);
  return { bytes: content.length, writeMs, checkMs: performance.now() - t, intact: check.breaks.length === 0 };
}
