/** The cashier's commands, handed to the payment engine. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import { requireScope, type CoreContext } from '../context.js';

export function paymentHandlers(ctx: CoreContext): Pick<Handlers, 'charge' | 'resendAttempt' | 'recheckAttempt' | 'retryAttempt' | 'abandonAttempt' | 'listAttempts'> {
  const { engine } = ctx;
  return {
    async charge({ confirmedTerminalFree, ...input }) {
      requireScope(ctx, 'terminal.write');
      if (confirmedTerminalFree) ctx.store?.gate.confirmTerminalFree(input.terminalId);
      return engine.charge(input);
    },
    async resendAttempt({ attemptId }) {
      requireScope(ctx, 'terminal.write');
      return engine.resend(attemptId);
    },
    async recheckAttempt({ attemptId }) {
      requireScope(ctx, 'terminal.read');
      return engine.recheck(attemptId);
    },
    async retryAttempt({ attemptId, confirmedNoPayment }) {
      requireScope(ctx, 'terminal.write');
      return engine.retry(attemptId, { confirmedNoPayment });
    },
    async abandonAttempt({ attemptId }) {
      return engine.abandon(attemptId);
    },
    async listAttempts() {
      return engine.today();
    },
  };
}
