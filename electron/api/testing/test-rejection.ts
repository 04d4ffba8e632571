/** Test support: awaiting a call that must fail, and checking that it failed as a BankApiError. */
import assert from 'node:assert/strict';
import { BankApiError } from '../errors.js';

/** Awaits a rejection and hands it back for assertions. */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
}

/** The BankApiError the call failed with; given `status`, its HTTP status is checked too. */
export async function bankFailure(p: Promise<unknown>, status?: number): Promise<BankApiError> {
  const e = await rejection(p);
  assert.ok(e instanceof BankApiError, `expected BankApiError, got ${String(e)}`);
  if (status !== undefined) assert.equal(e.status, status, e.message);
  return e;
}
