/** The manager's money records on a payment (refund, hand settlement): each answers with the payment's day as it now reads, or a refusal in the screen's words. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { Reason } from '../../../shared/ipc/error-reasons.js';
import { MoneyRecordRefused, MoneyRecords } from '../../history/money-records.js';
import type { CoreContext } from '../context.js';
import { CoreError } from '../errors.js';

type MoneyMethods = 'recordRefund' | 'settleByHand';

const REASONS: Record<MoneyRecordRefused['why'], Reason> = {
  zero_amount: 'refund.zero_amount', not_paid: 'refund.not_paid', over_refund: 'refund.over_refund', not_found: 'refund.not_found',
  has_outcome: 'settle.has_outcome', still_watched: 'settle.still_watched', already_settled: 'settle.already_settled',
};

async function inWords<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof MoneyRecordRefused)) throw e;
    const reason = REASONS[e.why];
    throw new CoreError(e.why === 'not_found' ? 'not_found' : 'conflict', `${reason} ${JSON.stringify(e.params)}`, undefined, { reason, params: e.params });
  }
}

export function moneyHandlers(ctx: CoreContext): Pick<Handlers, MoneyMethods> {
  const records = new MoneyRecords({ days: ctx.days, records: ctx.engine, registerId: ctx.settings.get().registerId, now: () => ctx.clock.now() });
  return {
    recordRefund: (req) => inWords(async () => {
      await records.recordRefund(req);
      return ctx.days.history({ from: req.day, to: req.day });
    }),
    settleByHand: (req) => inWords(async () => {
      await records.settle(req);
      return ctx.days.history({ from: req.day, to: req.day });
    }),
  };
}
