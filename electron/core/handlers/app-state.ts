/** What the top bar shows: environment, organization, connection, register, deprecations, language. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { AppState } from '../../../shared/ipc/types.js';
import type { CoreContext } from '../context.js';
import { forcedLocale } from '../../settings/forced-locale.js';
import { resolveLanguage, type DisplayLanguage } from '../../../shared/i18n/languages.js';

export function currentAppState(ctx: CoreContext): AppState {
  const settings = ctx.settings.get();
  return {
    environment: ctx.environment,
    registerId: settings.registerId,
    organization: ctx.organization.summary(),
    connection: ctx.connection.status(),
    defaultTerminalId: settings.defaultTerminalId,
    deprecations: ctx.deprecations.list(),
    language: { forced: forcedLocale(), register: settings.language },
    store: ctx.store?.view() ?? null,
  };
}

/** The language of what the main process itself shows a person (the sign-in pages in the browser). */
export function screenLanguage(ctx: CoreContext): DisplayLanguage {
  return resolveLanguage({
    forced: forcedLocale(), register: ctx.settings.get().language,
    organizationLocale: ctx.organization.summary()?.locale ?? null, lastKnown: null,
  });
}

export function appStateHandlers(ctx: CoreContext): Pick<Handlers, 'getAppState' | 'setRegisterLanguage'> {
  return {
    async setRegisterLanguage({ language }) {
      await ctx.settings.setLanguage(language);
      ctx.logger.info('register language set', { language: language ?? 'organization' });
      return currentAppState(ctx);
    },
    async getAppState() {
      if (!ctx.organization.summary() && ctx.connection.status().status === 'connected') {
        // Shown on every screen; a failure here must not block the counter, it is reported in the state.
        await ctx.organization.refresh().catch((e: unknown) => ctx.logger.warn('organization fetch failed', { error: String(e) }));
      }
      return currentAppState(ctx);
    },
  };
}
