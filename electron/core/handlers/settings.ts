/** The manager's settings: bank environments, the live environment, and the plain-text risk choice. */
import type { Handlers, SaveEnvironmentSettingsRequest } from '../../../shared/ipc/contract.js';
import type { BankEnvironmentSettings } from '../../../shared/ipc/types.js';
import type { AppContext } from '../app-context.js';
import { CoreError } from '../errors.js';
import { BankSession } from '../sessions/bank-session.js';
import { settingsView } from '../settings-view.js';
import { missingForLive } from '../../../shared/domain/environment-readiness.js';

type SettingsHandlers = Pick<Handlers, 'getSettings' | 'saveEnvironmentSettings' | 'switchEnvironment' | 'setAcceptPlainTextRisk'>;

/** Tokens are issued by one OAuth server to one client for one API: any change makes them someone else's. */
function identityChanged(before: BankEnvironmentSettings | null, after: BankEnvironmentSettings): boolean {
  return before !== null
    && (before.apiBaseUrl !== after.apiBaseUrl || before.oauthBaseUrl !== after.oauthBaseUrl || before.clientId !== after.clientId);
}

async function saveEnvironmentSettings(ctx: AppContext, req: SaveEnvironmentSettingsRequest): Promise<void> {
  const { environment: env } = req;
  const isLive = ctx.environment() === env;
  if (req.clientSecret === undefined && ctx.secrets.clientSecret(env) === null) {
    throw new CoreError('invalid_request', 'Enter the client secret of this app registration: the bank requires it for every sign-in.', [
      { pointer: '/clientSecret', code: 'missing', detail: 'clientSecret is required (the bank gave it with the client id)' },
    ]);
  }
  // Checked before anything changes: applying live settings reopens the environment.
  if (isLive) ctx.assertNoOpenPayment();
  const next: BankEnvironmentSettings = {
    apiBaseUrl: req.apiBaseUrl, oauthBaseUrl: req.oauthBaseUrl, clientId: req.clientId, redirectPort: req.redirectPort,
  };
  if (isLive) ctx.cancelSignIn();
  if (identityChanged(ctx.config.get().bank[env], next) && ctx.secrets.hasTokens(env)) {
    const session = ctx.live().session;
    // Revoked with the settings it was issued under, where the bank still answers.
    if (isLive && session instanceof BankSession) await session.signOut();
    else await ctx.secrets.clearTokens(env);
    ctx.logger.info('bank settings changed: the previous sign-in was forgotten', { environment: env });
  }
  await ctx.config.setBankSettings(env, next);
  if (req.clientSecret !== undefined) await ctx.secrets.setClientSecret(env, req.clientSecret);
  if (req.stagingToken !== undefined && env === 'sandbox') await ctx.secrets.setStagingToken(env, req.stagingToken);
  if (isLive) await ctx.reopen(env);
}

export function settingsHandlers(ctx: AppContext): SettingsHandlers {
  return {
    async getSettings() {
      return settingsView(ctx);
    },
    async saveEnvironmentSettings(req) {
      await saveEnvironmentSettings(ctx, req);
      return settingsView(ctx);
    },
    async switchEnvironment({ environment }) {
      const view = environment === 'training' ? null : settingsView(ctx).environments[environment];
      const missing = missingForLive(environment, view);
      if (missing && environment !== ctx.environment()) throw CoreError.of('conflict', 'environment.production_not_ready', { missing });
      if (environment !== ctx.environment()) {
        ctx.cancelSignIn();
        await ctx.reopen(environment);
        ctx.logger.info('live environment switched', { environment });
      }
      return settingsView(ctx);
    },
    async setAcceptPlainTextRisk({ accept }) {
      await ctx.config.setAcceptPlainTextRisk(accept);
      await ctx.secrets.setAcceptPlainTextRisk(accept);
      ctx.logger.info('plain-text secret storage choice changed', { accept });
      ctx.emitAppState();
      return settingsView(ctx);
    },
  };
}
