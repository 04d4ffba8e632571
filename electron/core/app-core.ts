/**
 * The core the app and the harness talk to. It holds the live environment
 * (one createCore over that environment's own journal folder and bank
 * session) and switches by closing one and opening the other, so training
 * sales never mix with real ones. Settings, sign-in and the manager PIN span
 * every environment and are answered here; everything else goes to the live
 * environment's core, manager actions only through the PIN gate.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import type { ManualClock } from '../../shared/clock.js';
import { CONTRACT, METHODS, type Handlers, type Method, type MethodAt } from '../../shared/ipc/contract.js';
import { isFinal, shortKey } from '../../shared/domain/attempt.js';
import type { Environment } from '../../shared/ipc/types.js';
import { ManagerPin, type SecretCipher } from '../auth/index.js';
import type { Logger } from '../log.js';
import { EnvironmentConfigStore } from '../settings/environment-config.js';
import type { AppContext, LiveEnvironment } from './app-context.js';
import { requireScope, type CoreContext } from './context.js';
import { rethrowAsCoreError } from './auth-errors.js';
import { createCore, type EnvironmentHandlers } from './create-core.js';
import { EnvironmentSecrets } from './environment-secrets.js';
import { CoreError } from './errors.js';
import { CoreEvents } from './events.js';
import { currentAppState } from './handlers/app-state.js';
import { connectionHandlers } from './handlers/connection.js';
import { managerHandlers } from './handlers/manager.js';
import { settingsHandlers } from './handlers/settings.js';
import { ManagerGate } from './manager-gate.js';
import { BankSession } from './sessions/bank-session.js';
import type { EnvironmentSession } from './sessions/session.js';
import { openTrainingSession, type TrainingBackend } from './sessions/training-session.js';
import type { Core, CoreListener, Policy } from './types.js';
import type { IpcError } from '../../shared/ipc/types.js';

export const MANAGER_PIN_FILE = 'manager-pin.json';

export interface AppCoreOptions {
  dataDir: string;
  logger: Logger;
  clock: ManualClock;
  cipher: SecretCipher;
  /** Training's bank; the app core closes it. */
  training: TrainingBackend;
  openExternal?: (url: string) => Promise<void> | void;
  /** How long a sign-in waits for the browser (default 5 minutes). */
  signInTimeoutMs?: number;
  /** Tests: a cheaper scrypt, a recording OAuth dispatcher. */
  pinCost?: { N: number; r: number; p: number };
  oauthDispatcher?: Dispatcher;
  /** Store mode for every environment's register (harness --store-url / COUNTERPAY_STORE_URL). */
  store?: { url: string; registerName: string } | null;
}

interface Live extends LiveEnvironment {
  unsubscribe(): void;
}

export class AppCore implements Core {
  readonly handlers: Handlers;
  private live!: Live;
  private transitions: Promise<void> = Promise.resolve();
  private signInAbort: AbortController | null = null;
  private closed = false;
  private readonly ctx: AppContext;

  private constructor(
    private readonly options: AppCoreOptions,
    private readonly config: EnvironmentConfigStore,
    private readonly secrets: EnvironmentSecrets,
    private readonly gate: ManagerGate,
    private readonly events: CoreEvents,
  ) {
    this.ctx = {
      config, secrets, gate,
      clock: options.clock,
      logger: options.logger,
      openExternal: options.openExternal ?? null,
      signInTimeoutMs: options.signInTimeoutMs,
      environment: () => this.live.session.environment,
      live: () => this.live,
      reopen: (env) => this.reopen(env),
      assertNoOpenPayment: () => this.assertNoOpenPayment(),
      signInPending: () => this.signInAbort !== null,
      setSignIn: (abort) => {
        this.signInAbort = abort;
      },
      cancelSignIn: () => this.signInAbort?.abort(),
      emitAppState: () => this.events.emit('appStateChanged', currentAppState(this.live.core.context)),
    };
    const appLevel: Pick<Handlers, MethodAt<'app'>> = {
      ...settingsHandlers(this.ctx),
      ...connectionHandlers(this.ctx),
      ...managerHandlers(this.ctx),
    };
    this.handlers = { ...this.delegated(), ...appLevel };
  }

  /** The contract row's policy, applied by dispatch before any handler: the PIN first, then the bank scope. */
  async authorize(policy: Policy): Promise<void> {
    if (policy.manager) this.gate.require();
    if (policy.scope) {
      await this.transitions;
      requireScope(this.live.core.context.connection, policy.scope);
    }
  }

  reportInternal(method: string, _thrown: unknown, error: IpcError): void {
    this.options.logger.error('ipc method failed unexpectedly', { method, detail: error.detail ?? error.message });
  }

  static async open(options: AppCoreOptions): Promise<AppCore> {
    await mkdir(options.dataDir, { recursive: true });
    const config = await EnvironmentConfigStore.open(options.dataDir, options.logger);
    const secrets = await EnvironmentSecrets.open({
      dataDir: options.dataDir, cipher: options.cipher, acceptPlainTextRisk: config.get().acceptPlainTextRisk, logger: options.logger,
    });
    const pin = await ManagerPin.open({
      path: join(options.dataDir, MANAGER_PIN_FILE), clock: options.clock, ...(options.pinCost ? { cost: options.pinCost } : {}),
    });
    const events = new CoreEvents();
    const gate = new ManagerGate(pin, options.clock, undefined, (view) => events.emit('managerChanged', view));
    const app = new AppCore(options, config, secrets, gate, events);
    app.live = await app.openEnvironment(config.get().active);
    return app;
  }

  get environment(): Environment {
    return this.live.session.environment;
  }

  get apiBaseUrl(): string {
    return this.live.session.apiBaseUrl;
  }

  /** The live environment's core context (tests and diagnostics; it changes on every switch). */
  get context(): CoreContext {
    return this.live.core.context;
  }

  subscribe(listener: CoreListener): () => void {
    return this.events.subscribe(listener);
  }

  /** Attempts not final yet: the shell never installs an update while one is open. */
  openAttemptCount(): number {
    return this.live.core.context.engine.today().attempts.filter((a) => !isFinal(a.state)).length;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.signInAbort?.abort();
    this.gate.close();
    await this.transitions;
    await this.closeLive();
    await this.options.training.close();
  }

  /** Every environment method runs on the live core, after any switch in progress. */
  private delegated(): EnvironmentHandlers {
    const out: Partial<Record<Method, (req: unknown) => Promise<unknown>>> = {};
    for (const m of METHODS.filter((x) => CONTRACT[x].level === 'environment')) {
      out[m] = async (req: unknown) => {
        await this.transitions;
        const handler = (this.live.core.handlers as Partial<Record<Method, (req: unknown) => Promise<unknown>>>)[m];
        if (!handler) throw new CoreError('internal', `no handler for ${m}`);
        return handler(req).catch(rethrowAsCoreError);
      };
    }
    return out as unknown as EnvironmentHandlers;
  }

  private async openEnvironment(env: Environment): Promise<Live> {
    const { clock, logger } = this.options;
    const session: EnvironmentSession = env === 'training'
      ? await openTrainingSession(this.options.training, clock, logger)
      : new BankSession({
        environment: env, settings: this.config.get().bank[env], secrets: this.secrets, clock, logger,
        ...(this.options.oauthDispatcher ? { oauthDispatcher: this.options.oauthDispatcher } : {}),
      });
    let core;
    try {
      core = await createCore({
        environment: env, dataDir: join(this.options.dataDir, env), api: session.api, deprecations: session.deprecations,
        connection: session.connection, clock, logger, store: this.options.store ?? null,
      });
    } catch (e) {
      await session.close();
      throw e;
    }
    const offCore = core.subscribe((event, payload) => this.events.emit(event, payload));
    const offSession = session.onChange(() => this.connectionChanged());
    logger.info('environment open', { environment: env, apiBaseUrl: session.apiBaseUrl });
    return { session, core, unsubscribe: () => (offCore(), offSession()) };
  }

  /** Sign-in, refresh or the bank ending the session: the banner and the organization follow. */
  private connectionChanged(): void {
    const { core, session } = this.live;
    const connected = session.connection.status().status === 'connected';
    if (!connected) core.context.organization.clear();
    this.ctx.emitAppState();
    if (!connected || core.context.organization.summary()) return;
    core.context.organization.refresh()
      .then(() => this.live.core === core && this.ctx.emitAppState())
      .catch((e: unknown) => this.options.logger.warn('organization fetch failed', { error: e instanceof Error ? e.message : String(e) }));
  }

  private assertNoOpenPayment(): void {
    const { engine } = this.live.core.context;
    const open = engine.active();
    if (open) {
      throw new CoreError('conflict', `A payment is still open at the counter (key ${shortKey(open.idempotencyKey)}). Finish or abandon it before changing the bank connection.`);
    }
    // An abandoned attempt frees the counter, but closing the engine would cut its request: the
    // bank's answer, and with it the payment id to watch, would be lost. It lasts seconds at most.
    const onTheWire = engine.today().attempts.find((a) => a.state === 'sending');
    if (onTheWire) {
      throw new CoreError('conflict', `A payment request (key ${shortKey(onTheWire.idempotencyKey)}) is still on its way to the bank. Wait a few seconds, then try again.`);
    }
  }

  private reopen(env: Environment): Promise<void> {
    const run = async () => {
      this.assertNoOpenPayment();
      const previous = this.live.session.environment;
      await this.closeLive();
      try {
        this.live = await this.openEnvironment(env);
      } catch (e) {
        this.options.logger.error('could not open the environment; back to the previous one', { environment: env, error: String(e) });
        this.live = await this.openEnvironment(previous);
        throw e;
      }
      if (this.config.get().active !== env) await this.config.setActive(env);
      this.ctx.emitAppState();
    };
    const next = this.transitions.then(run, run);
    this.transitions = next.catch(() => undefined);
    return next;
  }

  private async closeLive(): Promise<void> {
    this.live.unsubscribe();
    await this.live.core.close();
    await this.live.session.close();
  }
}
