/** What the settings screen sees: every setting and status, never a secret (only whether one is stored). */
import type { BankEnvironment, BankEnvironmentView, SettingsView, StoreSettingsView } from '../../shared/ipc/types.js';
import { describeStoreUrl } from '../store/store-url.js';
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
    store: storeView(ctx),
  };
}

/** The store a manager sees: where it was set, which server and database, never the URL itself. */
function storeView(ctx: AppContext): StoreSettingsView {
  const env = ctx.environment();
  const live = env === null ? null : ctx.live().core.context;
  const override = ctx.storeOverride;
  const url = override?.url ?? (env === null ? null : ctx.secrets.storeUrl(env));
  return {
    source: override?.source ?? (url === null ? 'none' : 'settings'),
    target: url === null ? null : describeStoreUrl(url),
    registerName: override?.registerName ?? live?.settings.get().registerName ?? null,
    link: live?.store?.view() ?? null,
  };
}
