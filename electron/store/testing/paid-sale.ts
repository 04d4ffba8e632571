/** A sale charged and paid on a fixture's engine, one second apart: the store tests' records to ship. */
import { SALE, type Fixture } from '../../payments/testing/engine-fixture.js';

export async function paidSale(fx: Fixture, amountMinor: number): Promise<void> {
  const a = await fx.engine.charge({ ...SALE, amountMinor });
  await fx.engine.settled();
  fx.bank.setStatus(fx.engine.get(a.id)?.paymentId ?? '', 'AUTHORIZED');
  await fx.advance(1_000);
}
