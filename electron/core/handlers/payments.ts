/** The cashier's commands, handed to the payment engine (dispatch checked the bank scope from the contract). */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { Attempt } from '../../../shared/domain/attempt.js';
import type { CoreContext } from '../context.js';

/** noteUse: the terminal's "last used", written off the cashier's path (last-uses.ts). */
export function paymentHandlers(ctx: CoreContext, noteUse: (attempt: Attempt, at: number) => void = () => undefined): Pick<Handlers, 'charge' | 'resendAttempt' | 'recheckAttempt' | 'retryAttempt' | 'abandonAttempt' | 'listAttempts' | 'resolveAttempt' | 'askBankAboutAttempt'> {
  const { engine } = ctx;
  return {
    async charge({ confirmedTerminalFree, ...input }) {
      if (confirmedTerminalFree) ctx.store?.gate.confirmTerminalFree(input.terminalId);
      const attempt = await engine.charge(input);
      noteUse(attempt, ctx.clock.now());
      return attempt;
    },
    async resendAttempt({ attemptId }) {
      return engine.resend(attemptId);
    },
    async recheckAttempt({ attemptId }) {
      return engine.recheck(attemptId);
    },
    async retryAttempt({ attemptId, confirmedNoPayment }) {
      return engine.retry(attemptId, { confirmedNoPayment });
    },
    async abandonAttempt({ attemptId }) {
      return engine.abandon(attemptId);
    },
    async listAttempts() {
      return engine.today();
    },
    async resolveAttempt({ attemptId, kind, note }) {
      return engine.resolve(attemptId, { kind, note });
    },
    async askBankAboutAttempt({ attemptId }) {
      return engine.askBank(attemptId);
    },
  };
}
