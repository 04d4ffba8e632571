/** What the settings screen sees: every setting and status, never a secret (only whether one is stored). */
import type { BankEnvironment, BankEnvironmentView, SettingsView } from '../../shared/ipc/types.js';
import type { AppContext } from './app-context.js';
import { redirectUriFor } from './sessions/bank-session.js';

export function settingsView(ctx: AppContext): SettingsView {
  const config = ctx.config.get();
  const env = (e: BankEnvironment): BankEnvironmentView => {
    const settings = config.bank[e];
    return {
      settings,
      redirectUri: settings ? redirectUriFor(settings.redirectPort) : null,
      hasClientSecret: ctx.secrets.clientSecret(e) !== null,
      hasStagingToken: ctx.secrets.stagingToken(e) !== null,
      signedIn: ctx.secrets.hasTokens(e),
    };
  };
  return {
    environment: ctx.environment(),
    environments: { sandbox: env('sandbox'), production: env('production') },
    // With no environment open there is no connection to report, and the settings must still load to choose one.
    connection: ctx.environment() === null ? { status: 'signed_out', message: null, grantedScopes: [] } : ctx.live().session.connection.status(),
    signInPending: ctx.signInPending(),
    manager: ctx.gate.view(),
    vault: ctx.secrets.view(config.acceptPlainTextRisk),
  };
}
