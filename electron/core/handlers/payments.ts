/** The cashier's commands, handed to the payment engine (dispatch checked the bank scope from the contract). */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { Attempt, AttemptTerminal } from '../../../shared/domain/attempt.js';
import type { CoreContext } from '../context.js';

/**
 * noteUse: the terminal's "last used", written off the cashier's path (last-uses.ts); describe: the
 * terminal's serial and shop name as last listed, journaled with the attempt (read from memory, never the bank or the store).
 */
export function paymentHandlers(
  ctx: CoreContext, noteUse: (attempt: Attempt, at: number) => void = () => undefined, describe: (terminalId: string) => AttemptTerminal | undefined = () => undefined,
): Pick<Handlers, 'charge' | 'resend' | 'checkAgain' | 'tryAgain' | 'chargeAgain' | 'abandon' | 'listAttempts' | 'askBank'> {
  const { engine } = ctx;
  return {
    async charge({ confirmedTerminalFree, ...input }) {
      ctx.who.requireSeller();
      if (confirmedTerminalFree) ctx.store?.gate.confirmTerminalFree(input.terminalId);
      const terminal = describe(input.terminalId);
      const attempt = await engine.charge(terminal ? { ...input, terminal } : input);
      noteUse(attempt, ctx.clock.now());
      return attempt;
    },
    async resend({ attemptId }) {
      ctx.who.requireSeller();
      return engine.resend(attemptId);
    },
    async checkAgain({ attemptId }) {
      return engine.checkAgain(attemptId);
    },
    async tryAgain({ attemptId }) {
      ctx.who.requireSeller();
      return engine.tryAgain(attemptId);
    },
    async chargeAgain({ attemptId, confirmedNoPayment }) {
      ctx.who.requireSeller();
      return engine.chargeAgain(attemptId, { confirmedNoPayment });
    },
    async abandon({ attemptId }) {
      ctx.who.requireSeller();
      return engine.abandon(attemptId);
    },
    async listAttempts() {
      return engine.today();
    },
    async askBank({ attemptId }) {
      return engine.askBank(attemptId);
    },
  };
}
