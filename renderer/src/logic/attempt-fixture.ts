/** A complete Attempt for unit tests; override only what a test is about. */
import { FRESH_ATTEMPT_FIELDS, type Attempt } from '../../../shared/domain/attempt.js';

export function makeAttempt(patch: Partial<Attempt> = {}): Attempt {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    saleId: 'sale-1',
    previousAttemptId: null,
    registerId: 'R1',
    terminalId: 'term-1',
    amountMinor: 1330,
    currency: 'EUR',
    metadata: {},
    idempotencyKey: '1a2b3c4d-0000-4000-8000-000000000000',
    createdAt: 1_000,
    deadlineAt: 121_000,
    state: 'accepted',
    updatedAt: 1_000,
    ...FRESH_ATTEMPT_FIELDS,
    ...patch,
  };
}
