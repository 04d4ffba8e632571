/**
 * The shop's store in Settings: a manager gives the PostgreSQL URL (a secret: kept in the vault,
 * never sent back to the screen or logged) and the register's name. Saving tries the store first
 * (connect, migrate, register this register) and changes nothing unless it works, so a bad URL
 * leaves the register working as before; then the live environment reopens in store mode.
 * Stopping returns the register to working alone. Both wait until no sale is open, so no lease
 * is cut under a payment.
 */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { AppContext } from '../app-context.js';
import { CoreError } from '../errors.js';
import { settingsView } from '../settings-view.js';
import { classifyStoreError, StoreProblem } from '../../store/store-problem.js';
import { checkStoreUrl, redactStoreUrl } from '../../store/store-url.js';

type StoreSettingsHandlers = Pick<Handlers, 'saveStoreSettings' | 'stopUsingStore'>;

/** The screen words it from the reason (store.<code>); the code and the cause stay in the details and the log. */
function refusal(problem: StoreProblem): CoreError {
  return new CoreError(problem.code === 'bad_url' ? 'invalid_request' : 'conflict', `store problem ${problem.code}`, undefined, {
    reason: `store.${problem.code}`, detail: problem.detail,
  });
}

/** Settings may change only what Settings set, in an open environment. */
function editable(ctx: AppContext) {
  if (ctx.storeOverride) {
    throw new CoreError('conflict', 'The store was set when Counterpay was started; change it there.', undefined, { reason: 'store.set_at_start' });
  }
  const env = ctx.environment();
  if (env === null) throw new CoreError('conflict', 'Open an environment first: the store is set for the environment in use.', undefined, { reason: 'store.no_environment' });
  try {
    ctx.assertNoOpenPayment();
  } catch (e) {
    if (!(e instanceof CoreError)) throw e;
    throw new CoreError('conflict', e.message, undefined, { reason: 'store.sale_open' });
  }
  return { env, settings: ctx.live().core.context.settings };
}

export function storeSettingsHandlers(ctx: AppContext): StoreSettingsHandlers {
  return {
    async saveStoreSettings({ url, registerName }) {
      const { env, settings } = editable(ctx);
      const typed = url ?? ctx.secrets.storeUrl(env);
      if (typed === null) throw refusal(new StoreProblem('bad_url', 'no store URL given and none saved'));
      let checked: string;
      try {
        checked = checkStoreUrl(typed);
      } catch (e) {
        throw refusal(classifyStoreError(e, 'connect'));
      }
      // The store module (and pg) loads only once a manager asks for a store.
      const { StoreConnection } = await import('../../store/connection.js');
      try {
        const probe = await StoreConnection.open({
          url: checked, registerId: settings.get().registerId, registerName, logger: ctx.logger, connectTimeoutMs: 5_000,
        });
        await probe.close();
      } catch (e) {
        const problem = classifyStoreError(e, 'connect');
        ctx.logger.warn('store refused in Settings; nothing changed', { store: redactStoreUrl(checked), code: problem.code, detail: problem.detail });
        throw refusal(problem);
      }
      await settings.setRegisterName(registerName);
      await ctx.secrets.setStoreUrl(env, checked);
      await ctx.reopen(env);
      ctx.logger.info('store set in Settings', { environment: env, store: redactStoreUrl(checked), registerName });
      return settingsView(ctx);
    },
    async stopUsingStore() {
      const { env } = editable(ctx);
      if (ctx.secrets.storeUrl(env) !== null) {
        await ctx.secrets.setStoreUrl(env, null);
        await ctx.reopen(env);
        ctx.logger.info('store no longer used: the register works alone', { environment: env });
      }
      return settingsView(ctx);
    },
  };
}
