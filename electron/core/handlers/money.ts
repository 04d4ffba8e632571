/** The manager's money records on a payment (refund, hand settlement): each answers with the payment's day as it now reads, or a refusal in the screen's words. */
import { paidMinor, type Attempt } from '../../../shared/domain/attempt.js';
import type { Handlers } from '../../../shared/ipc/contract.js';
import { localDay } from '../../payments/journal-files.js';
import type { Reason } from '../../../shared/ipc/error-reasons.js';
import { MoneyRecordRefused, MoneyRecords } from '../../history/money-records.js';
import type { CoreContext } from '../context.js';
import { CoreError } from '../errors.js';
import { managerBy } from '../who.js';

type MoneyMethods = 'recordRefund' | 'settleByHand' | 'resolve';

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

/** `written`: a money record is in the journal (Today's figures change). */
export function moneyHandlers(ctx: CoreContext, written: () => void = () => undefined): Pick<Handlers, MoneyMethods> {
  const records = new MoneyRecords({ days: ctx.days, records: ctx.engine, registerId: ctx.settings.get().registerId, now: () => ctx.clock.now() });
  return {
    // "Refunded to the customer" records the refund too (the duplicate's amount unless told), checked before the answer is written.
    resolve: ({ attemptId, kind, note, refundMinor, where = 'terminal', by: typed }) => inWords(async () => {
      const by = ctx.who.manager() ?? typed ?? '';
      const attempt = ctx.engine.get(attemptId);
      // The answer's record names the manager, not whoever is selling at the counter.
      const manager = ctx.who.manager() ?? undefined;
      if (kind !== 'refunded_outside' || !attempt) return ctx.engine.resolve(attemptId, { kind, note }, manager);
      let answered: Attempt | undefined;
      await records.recordRefund(
        { attemptId, day: localDay(attempt.createdAt), amountMinor: refundMinor ?? paidMinor(attempt), where, reason: note, by },
        async () => (answered = await ctx.engine.resolve(attemptId, { kind, note }, manager)),
      );
      written();
      return answered ?? attempt;
    }),
    recordRefund: (req) => inWords(async () => {
      await records.recordRefund({ ...req, by: managerBy(ctx.who, req.by, 'by') });
      written();
      return ctx.days.history({ from: req.day, to: req.day });
    }),
    settleByHand: (req) => inWords(async () => {
      await records.settle({ ...req, by: managerBy(ctx.who, req.by, 'by') });
      written();
      return ctx.days.history({ from: req.day, to: req.day });
    }),
  };
}
