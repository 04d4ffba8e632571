/**
 * A Charge refused because another sale (often in another window of this register)
 * holds the register: the refusal carries that sale's id for the renderer only; the
 * cashier reads the other sale's amount and its reference (or short key), never an id.
 */
import { shortKey, type Attempt } from '../../../shared/domain/attempt.js';
import type { IpcError } from '../../../shared/ipc/types.js';
import type { Translate } from '../../../shared/i18n/translate.js';
import { saleReference } from '../../../shared/domain/sale-reference.js';

export const REGISTER_BUSY = 'register_busy';

/** The reason the alert words as the busy message itself, not a generic conflict. */
export const REGISTER_BUSY_REASON = 'counter.register_busy';

/** The id of the sale holding the register, when that is why the call was refused. */
export function busyWith(error: IpcError | null): string | null {
  return error?.issues?.find((i) => i.code === REGISTER_BUSY)?.detail ?? null;
}

/** The refusal in plain words, naming the other sale; the typed amount stays for after it. */
export function busyError(error: IpcError, holder: Attempt | null, formatMoney: (minor: number) => string, t: Translate): IpcError {
  const other = holder ? otherSale(holder, formatMoney, t) : t('busy.unknown');
  // The main process's own text stays in the technical details.
  return { code: error.code, reason: REGISTER_BUSY_REASON, params: { other }, message: error.message };
}

/** The other sale as the cashier typed it (its order reference or note), else by its short key. */
function otherSale(holder: Attempt, formatMoney: (minor: number) => string, t: Translate): string {
  const amount = formatMoney(holder.amountMinor);
  const ref = saleReference(holder.metadata);
  return ref ? t('glance.busy.otherRef', { amount, ref: ref.text }) : t('busy.other', { amount, key: shortKey(holder.idempotencyKey) });
}
