/**
 * A busy register's journal written straight to its day files (no engine, no fsync), for the
 * benchmarks (bench-verify.ts) and for the tests that need day files of megabytes: sales of a
 * create and an update record each, and, signed, a closing each evening and a head signed every
 * 100 records and after each closing, as the app writes them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { localDay } from '../shared/domain/calendar-day.js';
import { GENESIS, sealEnvelope } from '../electron/payments/journal-envelope.js';
import { keyIdOf } from '../electron/signing/register-key.js';
import { headText, PUBLIC_KEYS_FILE } from '../electron/signing/signed-text.js';
import { sealAttempts } from '../electron/payments/journal-readback.js';
import { newAttempt } from '../electron/payments/new-attempt.js';

const DAY = 86_400_000;

/** The head signed as the app signs it, every CHECKPOINT_RECORDS records (head-signer.ts). */
const CHECKPOINT = 100;

export interface BusyJournal {
  publicKey: KeyObject;
  /** Every head signed, as signed: what a plain Ed25519 baseline verifies. */
  heads: { text: Buffer; signature: Buffer }[];
  firstDay: string;
  lastDay: string;
}

export function writeBusyJournal(journalDir: string, days: number, salesPerDay: number, signed: boolean, t0: number): BusyJournal {
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
    const start = t0 + d * DAY;
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
  return { publicKey, heads, firstDay: localDay(t0), lastDay: previousDay ?? localDay(t0) };
}
