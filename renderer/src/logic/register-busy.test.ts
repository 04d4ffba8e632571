import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FRESH_ATTEMPT_FIELDS, type Attempt } from '../../../shared/domain/attempt.js';
import { translator } from '../../../shared/i18n/translate.js';
import { busyError } from './register-busy.js';

const holder = (metadata: Attempt['metadata']): Attempt => ({
  id: 'a1', saleId: 's1', previousAttemptId: null, registerId: 'R1', terminalId: 'T1', amountMinor: 4200, currency: 'EUR', metadata,
  idempotencyKey: '4dc1a3c8-0000-4000-8000-000000000000', createdAt: 0, deadlineAt: 120_000, state: 'accepted', updatedAt: 0, ...FRESH_ATTEMPT_FIELDS,
});
const refusal = { code: 'conflict' as const, message: 'register busy' };
const fr = translator('fr');

test('the other sale is named by what the cashier typed, its key only without a reference', () => {
  const named = busyError(refusal, holder({ order_reference: 'CMD-1042' }), () => '42,00 €', fr);
  assert.equal(named.params?.other, '42,00 € · CMD-1042');
  const keyed = busyError(refusal, holder({}), () => '42,00 €', fr);
  assert.match(String(keyed.params?.other), /4dc1a3c8/);
});
