/**
 * Signing for one environment's journal, as the core starts it: the key announced beside the
 * journal (and a change journaled) before anything is signed, then the head signer listening.
 * What the manager must hear of a lost key is returned; the core shows it.
 */
import { join } from 'node:path';
import type { PaymentEngine } from '../payments/engine.js';
import type { Logger } from '../log.js';
import { HeadSigner } from './head-signer.js';
import { announceKey, type KeyAnnounced } from './key-announce.js';
import type { RegisterKey } from './register-key.js';

export interface JournalSigning {
  signer: HeadSigner;
  announced: KeyAnnounced;
}

export async function startSigning(
  engine: Pick<PaymentEngine, 'onCommitted' | 'journalAlone'>, dataDir: string, key: RegisterKey, now: () => number, logger: Logger,
): Promise<JournalSigning> {
  const announced = await engine.journalAlone((_, append) =>
    announceKey(join(dataDir, 'journal'), key, async (kind, body, by) => (await append(kind, body, by, now())).entry));
  if (announced.change === 'lost') {
    logger.warn('register key changed without the old key', { seq: announced.seq, oldKeyId: announced.oldKeyId ?? '', newKeyId: announced.newKeyId });
  }
  return { signer: new HeadSigner(engine, key, now, logger), announced };
}
