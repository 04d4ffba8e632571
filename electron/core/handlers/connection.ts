/**
 * Signing the register in to the live bank environment and out of it. Sign-in
 * opens the bank's page in the system browser and resolves when the browser
 * came back and the code was exchanged (or failed, or was cancelled).
 */
import { screenLanguage } from './app-state.js';
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { AppContext, LiveEnvironment } from '../app-context.js';
import { toCoreError } from '../auth-errors.js';
import { CoreError } from '../errors.js';
import { BankSession } from '../sessions/bank-session.js';
import { settingsView } from '../settings-view.js';

function bankSession(ctx: AppContext, action: string): BankSession {
  const { session } = ctx.live();
  if (!(session instanceof BankSession)) {
    throw CoreError.of('conflict', 'signin.training', { action });
  }
  return session;
}

/**
 * Payments that could not be sent while signed out kept their key: the engine hands every one
 * the machine's 'signedIn' event, and the machine sends those still inside their deadline.
 * Payments the bank already accepted need nothing: their polling simply starts succeeding.
 */
function resumeUnsent(ctx: AppContext, live: LiveEnvironment): void {
  live.core.context.engine.signedIn().then(
    (count) => count && ctx.logger.info('payments resent after sign-in', { count }),
    (e: unknown) => ctx.logger.warn('payments not resent after sign-in', { reason: e instanceof Error ? e.message : String(e) }),
  );
}

async function signIn(ctx: AppContext): Promise<void> {
  const session = bankSession(ctx, 'start');
  if (!session.isSetUp) throw CoreError.of('invalid_request', 'signin.not_set_up', { environment: session.environment });
  if (ctx.signInPending()) throw CoreError.of('conflict', 'signin.pending', undefined);
  const openExternal = ctx.openExternal;
  if (!openExternal) throw CoreError.of('internal', 'signin.no_browser', undefined);
  const live = ctx.live();
  const abort = new AbortController();
  ctx.setSignIn(abort);
  try {
    await session.signIn({
      openExternal, signal: abort.signal, language: screenLanguage(live.core.context), ...(ctx.signInTimeoutMs !== undefined ? { timeoutMs: ctx.signInTimeoutMs } : {}),
    });
  } catch (e) {
    ctx.logger.warn('bank sign-in failed', { environment: session.environment, error: e instanceof Error ? e.message : String(e) });
    throw toCoreError(e);
  } finally {
    ctx.setSignIn(null);
  }
  ctx.logger.info('bank sign-in complete', { environment: session.environment, scopes: session.connection.status().grantedScopes });
  // The manager may have picked another organization on the bank's page.
  const { organization } = live.core.context;
  organization.clear();
  await organization.refresh().catch((e: unknown) => ctx.logger.warn('organization fetch failed', { error: e instanceof Error ? e.message : String(e) }));
  ctx.emitAppState();
  resumeUnsent(ctx, live);
}

export function connectionHandlers(ctx: AppContext): Pick<Handlers, 'signIn' | 'cancelSignIn' | 'signOut'> {
  return {
    async signIn() {
      await signIn(ctx);
      return settingsView(ctx);
    },
    async cancelSignIn() {
      ctx.cancelSignIn();
      return settingsView(ctx);
    },
    async signOut() {
      const session = bankSession(ctx, 'end');
      // Signed out, the engine can neither resend nor read the outcome: an open payment would turn "unknown".
      ctx.assertNoOpenPayment();
      ctx.cancelSignIn();
      await session.signOut();
      ctx.logger.info('bank sign-out', { environment: session.environment });
      ctx.live().core.context.organization.clear();
      ctx.emitAppState();
      return settingsView(ctx);
    },
  };
}
