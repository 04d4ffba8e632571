/**
 * A stand-in for a counter's past: sales already journaled in a register's data folder, written
 * by the journal's own writer (so its chain is whole). End-to-end suites use it for records the
 * counter cannot make by itself, such as sales started by a named cashier.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Attempt, AttemptState } from '../../../shared/domain/attempt.js';
import type { StaffRef } from '../../../shared/domain/staff.js';
import { Journal } from '../journal.js';
import { newAttempt } from '../new-attempt.js';

export interface SeededSale {
  amountMinor: number;
  state: Extract<AttemptState, 'authorized' | 'refused'>;
  /** Absent: nobody was signed in. */
  cashier?: StaffRef;
  /** When it was started. */
  at: number;
}

/**
 * Adds these sales, final, on `terminalId`, to the training journal of a data folder a register
 * has already run on (stopped now): its settings and register id stay as the app wrote them.
 */
export async function seedSales(dataDir: string, terminalId: string, sales: readonly SeededSale[]): Promise<void> {
  const env = join(dataDir, 'training');
  const { registerId } = JSON.parse(readFileSync(join(env, 'register.json'), 'utf8')) as { registerId: string };
  const { journal } = await Journal.open(env);
  const none = (): Attempt[] => [];
  for (const [i, s] of sales.entries()) {
    const fresh = newAttempt({ terminalId, amountMinor: s.amountMinor, currency: 'EUR', metadata: {}, registerId, saleId: null, previousAttemptId: null }, s.at);
    const a: Attempt = s.cashier ? { ...fresh, cashier: s.cashier } : fresh;
    await journal.append('create', s.at, [a], none);
    const done: Attempt = s.state === 'authorized'
      ? { ...a, state: 'authorized', paymentId: `seed-pay-${i}`, authorizedAmountMinor: s.amountMinor, paymentMethod: 'card', cardSummary: '4242', updatedAt: s.at + 3000 }
      : { ...a, state: 'refused', paymentId: `seed-pay-${i}`, failureReason: 'insufficient_funds', updatedAt: s.at + 3000 };
    await journal.append('update', s.at + 3000, [done], none);
  }
  await journal.close();
}
