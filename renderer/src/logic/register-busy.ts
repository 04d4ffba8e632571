/**
 * A Charge refused because another sale (often in another window of this register)
 * holds the register: the refusal carries that sale's id for the renderer only; the
 * cashier reads the other sale's amount and short key, never an id.
 */
import { shortKey, type Attempt } from '../../../shared/domain/attempt.js';
import type { IpcError } from '../../../shared/ipc/types.js';

export const REGISTER_BUSY = 'register_busy';

/** The id of the sale holding the register, when that is why the call was refused. */
export function busyWith(error: IpcError | null): string | null {
  return error?.issues?.find((i) => i.code === REGISTER_BUSY)?.detail ?? null;
}

/** The refusal in plain words, naming the other sale; the typed amount stays for after it. */
export function busyError(error: IpcError, holder: Attempt | null, formatMoney: (minor: number) => string): IpcError {
  const other = holder ? `${formatMoney(holder.amountMinor)} · Key ${shortKey(holder.idempotencyKey)}` : 'another sale';
  return {
    code: error.code,
    message: `This register is busy with the other sale (${other}). Your amount is kept: charge it once that sale is finished.`,
  };
}
