/** The cashier's commands, handed to the payment engine (dispatch checked the bank scope from the contract). */
import type { AttemptTerminal } from '../../../shared/domain/attempt.js';
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { CoreContext } from '../context.js';

/**
 * onUse: a terminal's last use was noted (the terminals view is announced again); describe: the
 * terminal's serial and shop name now, journaled with the attempt (a failure to find them never fails the sale).
 */
export function paymentHandlers(
  ctx: CoreContext, onUse: () => Promise<void> = async () => undefined, describe: (terminalId: string) => Promise<AttemptTerminal | undefined> = async () => undefined,
): Pick<Handlers, 'charge' | 'resend' | 'checkAgain' | 'tryAgain' | 'chargeAgain' | 'abandon' | 'listAttempts' | 'resolve' | 'askBank'> {
  const { engine } = ctx;
  return {
    async charge({ confirmedTerminalFree, ...input }) {
      if (confirmedTerminalFree) ctx.store?.gate.confirmTerminalFree(input.terminalId);
      const terminal = await describe(input.terminalId).catch(() => undefined);
      const attempt = await engine.charge(terminal ? { ...input, terminal } : input);
      // "Last used" is a convenience for the manager: failing to note it never fails the sale.
      const at = new Date(ctx.clock.now()).toISOString();
      await ctx.terminalDirectory.recordUse(input.terminalId, at, ctx.settings.get().registerId)
        .then(onUse)
        .catch((e: unknown) => ctx.logger.warn('could not note the terminal\'s last use', { error: e instanceof Error ? e.message : String(e) }));
      return attempt;
    },
    async resend({ attemptId }) {
      return engine.resend(attemptId);
    },
    async checkAgain({ attemptId }) {
      return engine.checkAgain(attemptId);
    },
    async tryAgain({ attemptId }) {
      return engine.tryAgain(attemptId);
    },
    async chargeAgain({ attemptId, confirmedNoPayment }) {
      return engine.chargeAgain(attemptId, { confirmedNoPayment });
    },
    async abandon({ attemptId }) {
      return engine.abandon(attemptId);
    },
    async listAttempts() {
      return engine.today();
    },
    async resolve({ attemptId, kind, note }) {
      return engine.resolve(attemptId, { kind, note });
    },
    async askBank({ attemptId }) {
      return engine.askBank(attemptId);
    },
  };
}
