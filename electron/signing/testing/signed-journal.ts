/**
 * A register's journal signed as the core signs it, for the signature, archive and anchor tests:
 * the key announced beside the journal, then heads signed every few records (the default 100
 * would need hundreds of sales for a few signatures) and after each closing.
 */
import { join } from 'node:path';
import { NodeCipher } from '../../auth/node-cipher.js';
import { memoryLogger } from '../../log.js';
import { openFixture, SALE, type Fixture } from '../../payments/testing/engine-fixture.js';
import { httpError } from '../../payments/stand-ins/fake-bank.js';
import { RegisterKey } from '../register-key.js';
import { emptyFigures } from '../../../shared/domain/money-figures.js';

const DAY = 86_400_000;
import { startSigning } from '../journal-signing.js';
import { HeadSigner } from '../head-signer.js';

/** The key announced as the core does, then the default checkpoint swapped for a shorter one. */
export async function signerEvery(fx: Fixture, root: string, records: number): Promise<{ signer: HeadSigner; key: RegisterKey }> {
  const key = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
  const { signer } = await startSigning(fx.engine, fx.dir, key, () => fx.clock.now(), memoryLogger());
  await signer.stop();
  return { signer: new HeadSigner(fx.engine, key, () => fx.clock.now(), memoryLogger(), records), key };
}

/** `count` sales the bank refuses at once (two records each, the register free again after each). */
export async function refusedSales(fx: Fixture, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    fx.bank.createScript.push(httpError(422, { detail: 'amount is too large' }));
    await fx.engine.charge(SALE);
    await fx.engine.settled();
  }
}

/** A day closed through the signer, so its signature follows it. */
export async function closeDay(fx: Fixture, signer: HeadSigner, day: string): Promise<void> {
  await signer.writer((k, b, by) => fx.engine.appendRecord(k, b, by))('close', { day, registerId: 'reg-1', totals: {}, attemptIds: [] }, 'Marie');
  await fx.engine.settled();
  await new Promise((resolve) => setImmediate(resolve));
}

/** A register that sold 6 times, signing every 4 records, then closed its day (signed after the closing). */
export async function signedJournal(root: string): Promise<string> {
  const dir = join(root, 'training');
  const fx = await openFixture({ dir });
  const { signer } = await signerEvery(fx, root, 4);
  await refusedSales(fx, 6);
  await closeDay(fx, signer, '2026-04-01');
  await signer.stop();
  await fx.engine.close();
  return join(dir, 'journal');
}

/**
 * Three days in `root/training`: 2026-04-01 closed the next morning (its closing in the next day
 * file), 2026-04-02 closed the same evening, 2026-04-03 still open; heads signed every 4 records.
 */
export async function threeDays(root: string): Promise<RegisterKey> {
  const fx = await openFixture({ dir: join(root, 'training') });
  const { signer, key } = await signerEvery(fx, root, 4);
  await refusedSales(fx, 3);
  fx.clock.set(fx.clock.now() + DAY);
  await closeDay(fx, signer, '2026-04-01');
  await refusedSales(fx, 3);
  await closeDay(fx, signer, '2026-04-02');
  fx.clock.set(fx.clock.now() + DAY);
  await refusedSales(fx, 1);
  await signer.stop();
  await fx.engine.close();
  return key;
}

/** A month ("YYYY-MM") or year ("YYYY") closed through the signer (figures as a day with nothing sold), its signature after it. */
export async function closePeriod(fx: Fixture, signer: HeadSigner, kind: 'close_month' | 'close_year', period: string, number: number): Promise<void> {
  const body = { period, registerId: 'reg-1', number, figures: emptyFigures(), sales: 0, covers: [1], grandTotal: { grossMinor: 0, refundedMinor: 0, netMinor: 0 } };
  await signer.writer((k, b, by) => fx.engine.appendRecord(k, b, by))(kind, body, 'Marie');
  await fx.engine.settled();
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * A year's closings written after their period: 2026-04-01 sold and closed that evening, April
 * closed on 2026-05-01, December and the year 2026 closed on 2027-01-02 (each signed after it).
 */
export async function monthAndYearClosedLater(root: string): Promise<RegisterKey> {
  const fx = await openFixture({ dir: join(root, 'training') });
  const { signer, key } = await signerEvery(fx, root, 4);
  await refusedSales(fx, 3);
  await closeDay(fx, signer, '2026-04-01');
  fx.clock.set(new Date(2026, 4, 1, 9).getTime());
  await closePeriod(fx, signer, 'close_month', '2026-04', 1);
  await refusedSales(fx, 1);
  fx.clock.set(new Date(2027, 0, 2, 9).getTime());
  await closePeriod(fx, signer, 'close_month', '2026-12', 2);
  await closePeriod(fx, signer, 'close_year', '2026', 1);
  await refusedSales(fx, 1);
  await signer.stop();
  await fx.engine.close();
  return key;
}
