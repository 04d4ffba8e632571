/**
 * Opening one environment: its bank session (training's embedded bank or a
 * real one) and a createCore over its own journal folder, wired to the staff,
 * the manager gate, the register key and the store that span environments.
 * Kept apart from the switch that decides when to open, so that what an
 * environment is made of reads in one place.
 */
import type { BankEnvironment, Environment } from '../../shared/ipc/types.js';
import { join } from 'node:path';
import type { KeyKeeper } from '../signing/key-keeper.js';
import type { EnvironmentConfigStore } from '../settings/environment-config.js';
import type { AppCoreOptions } from './app-core-options.js';
import type { LiveEnvironment } from './app-context.js';
import type { CounterStaff } from './counter-staff.js';
import { createCore } from './create-core.js';
import type { EnvironmentSecrets } from './environment-secrets.js';
import type { CoreEvents } from './events.js';
import type { ManagerGate } from './manager-gate.js';
import { receiptsHost } from './receipts-wiring.js';
import { BankSession } from './sessions/bank-session.js';
import type { EnvironmentSession } from './sessions/session.js';
import { openTrainingSession } from './sessions/training-session.js';

/** An open environment, and how to stop listening to it when it closes. */
export interface Live extends LiveEnvironment {
  unsubscribe(): void;
}

export interface OpenerParts {
  options: AppCoreOptions;
  config: EnvironmentConfigStore;
  secrets: EnvironmentSecrets;
  counter: CounterStaff;
  gate: ManagerGate;
  events: CoreEvents;
  /** Read at each opening: the key keeper arrives after the app core is made. */
  keys(): KeyKeeper | null;
  /** The app state an environment pushes, completed with what only the app core knows. */
  emitAppState(): void;
}

export class EnvironmentOpener {
  constructor(private readonly parts: OpenerParts) {}

  /** Opens `env`; `onConnectionChange` hears its sign-ins, refreshes and sign-outs. */
  async open(env: Environment, onConnectionChange: () => void): Promise<Live> {
    const { options, counter, gate, events } = this.parts;
    const { clock, monotonic, logger } = options;
    const keys = this.parts.keys();
    await keys?.retry();
    const session: EnvironmentSession = env === 'training'
      ? await openTrainingSession(options.training, monotonic, logger)
      : this.bankSession(env);
    let core;
    try {
      core = await createCore({
        environment: env, dataDir: join(options.dataDir, env), api: session.api, deprecations: session.deprecations,
        connection: session.connection, clock, monotonic, logger, store: this.storeFor(env),
        receipts: receiptsHost(env, this.parts.secrets, logger, options.receipts),
        who: {
          signedIn: () => counter.ref(), requireSeller: () => counter.requireSeller(), manager: () => gate.by(),
          leaving: () => counter.leaving(), asksWho: () => counter.asksWho(),
        },
        ...(options.chooseSavePath ? { chooseSavePath: options.chooseSavePath } : {}),
        ...(keys?.key ? { registerKey: keys.key } : {}),
      });
    } catch (e) {
      await session.close();
      throw e;
    }
    const offCore = core.subscribe((event, payload) => {
      if (event === 'appStateChanged') this.parts.emitAppState();
      else events.emit(event, payload);
    });
    const offSession = session.onChange(onConnectionChange);
    logger.info('environment open', { environment: env, apiBaseUrl: session.apiBaseUrl });
    return { session, core, unsubscribe: () => (offCore(), offSession()) };
  }

  /** A session to a bank environment with its saved settings (also the standby session a sign-in uses before it goes live). */
  bankSession(env: BankEnvironment): BankSession {
    const { options } = this.parts;
    const { clock, logger } = options;
    return new BankSession({
      environment: env, settings: this.parts.config.get().bank[env], secrets: this.parts.secrets, clock, logger,
      ...(options.oauthDispatcher ? { oauthDispatcher: options.oauthDispatcher } : {}),
    });
  }

  /** The store this environment's register uses: the one set at start, else the one saved in Settings for it, else none. */
  private storeFor(env: Environment): { url: string; registerName: string | null } | null {
    const override = this.parts.options.store;
    if (override) return { url: override.url, registerName: override.registerName };
    const url = this.parts.secrets.storeUrl(env);
    return url === null ? null : { url, registerName: null };
  }
}
