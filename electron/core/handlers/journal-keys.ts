/**
 * The manager's archive of a month or a year and the register's signing key. The archive is the
 * command line's (electron/archive/), with two things only the app has: a head signed just
 * before it is written, so the period's last records are covered, and the register's signature
 * over the whole file. A key change rotates the register's key and journals `key_changed` signed
 * by the old key at once, then signs the head with the new one; the other environments record the
 * change at their next start (key-announce.ts).
 */
import { basename, join } from 'node:path';
import { createPublicKey } from 'node:crypto';
import { fingerprintOf } from '../../signing/trusted-keys.js';
import type { Handlers } from '../../../shared/ipc/contract.js';
import { archiveRange, type SigningKeyView } from '../../../shared/ipc/archive-requests.js';
import type { Environment } from '../../../shared/ipc/types.js';
import type { PaymentEngine } from '../../payments/engine.js';
import type { Logger } from '../../log.js';
import type { RegisterKey } from '../../signing/register-key.js';
import type { HeadSigner } from '../../signing/head-signer.js';
import { announceKey } from '../../signing/key-announce.js';
import { NothingToArchive, writeArchive } from '../../archive/archive-write.js';
import { archiveFileName } from '../../archive/archive-format.js';
import { CoreError } from '../errors.js';

export interface JournalKeysDeps {
  environment: Environment;
  dataDir: string;
  engine: Pick<PaymentEngine, 'journalAlone'>;
  /** Null when the register's key could not be read or made (logged at start): nothing is signed then. */
  key: RegisterKey | null;
  /** Asks the manager where to save a file (the shell's save dialog, the harness's downloads folder); null: cancelled. */
  chooseSavePath: ChooseSavePath | null;
  signer: HeadSigner | null;
  now: () => number;
  logger: Logger;
}

/** The full path the manager chose for a file offered under `suggestedName`, or null when they cancelled. */
export type ChooseSavePath = (suggestedName: string) => Promise<string | null>;

export function journalKeyHandlers(d: JournalKeysDeps): Pick<Handlers, 'archiveJournal' | 'getSigningKey' | 'changeSigningKey'> {
  const journalDir = join(d.dataDir, 'journal');
  const keyOf = (): { key: RegisterKey; signer: HeadSigner } => {
    if (!d.key || !d.signer) throw new CoreError('conflict', 'the register has no signing key', undefined, { reason: 'signing.no_key' });
    return { key: d.key, signer: d.signer };
  };
  const view = (key: RegisterKey): SigningKeyView => ({
    keyId: key.current.id, fingerprint: fingerprintOf(createPublicKey(key.current.publicPem)), storage: key.storage, previousKeyId: key.previous?.id ?? null,
  });
  return {
    async archiveJournal({ period, value, by }) {
      const { key, signer } = keyOf();
      const { from, to } = archiveRange(period, value);
      // Every host wires one (the shell's dialog, the harness's folder): none is a wiring fault, not the manager's.
      if (!d.chooseSavePath) throw new Error('no way to ask where to save the archive was wired');
      // Asked first: a cancelled choice signs and writes nothing.
      const path = await d.chooseSavePath(archiveFileName(d.environment, from, to));
      if (path === null) return { saved: false };
      // The head as it stands now, signed, so an archive of the current month ends on a signed head.
      await signer.signNow();
      try {
        // Streamed to the chosen file: a year's archive is never held in the main process.
        const { bytes, manifest } = await writeArchive({ journalDir, environment: d.environment, from, to, writtenAt: d.now(), writtenBy: by, signer: key.current }, path, { mode: 0o644 });
        d.logger.info('journal archived', { from, to, records: manifest.records, keyId: key.current.id, bytes });
        return { saved: true, fileName: basename(path), records: manifest.records, signatures: manifest.signatures, keyId: key.current.id };
      } catch (e) {
        if (e instanceof NothingToArchive) throw new CoreError('not_found', e.message, undefined, { reason: 'archive.nothing', params: { from, to } });
        throw e;
      }
    },
    async getSigningKey() {
      return view(keyOf().key);
    },
    async changeSigningKey({ by }) {
      const { key, signer } = keyOf();
      const announced = await d.engine.journalAlone(async (_, append) => {
        await key.rotate();
        return announceKey(journalDir, key, async (kind, body, who) => (await append(kind, body, who, d.now())).entry, by);
      });
      await signer.signNow();
      d.logger.info('register key changed by a manager', { by, ...(announced.change === 'signed' ? { seq: announced.seq, oldKeyId: announced.oldKeyId ?? '', newKeyId: announced.newKeyId } : {}) });
      return view(key);
    },
  };
}
