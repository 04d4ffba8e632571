/**
 * The core the app and the harness talk to. It holds the live environment
 * (one createCore over that environment's own journal folder and bank
 * session, switched by environment-switch.ts) so training sales never mix
 * with real ones. Settings, sign-in and the manager PIN span every
 * environment and are answered here; everything else goes to the live
 * environment's core (delegated-handlers.ts), manager actions only through
 * the PIN gate.
 *
 * The till may also start with no environment open (the saved choice was
 * lost, or the journal cannot be opened): then closed-till.ts answers, the
 * app state says why, and a manager's switch opens one again. Damaged files
 * met on the way are collected as notices for the manager (app-state-view.ts).
 */
import { KeyKeeper } from '../signing/key-keeper.js';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Handlers, MethodAt } from '../../shared/ipc/contract.js';
import { isFinal } from '../../shared/domain/attempt.js';
import type { AppState, Environment, IpcError, SetupNotice } from '../../shared/ipc/types.js';
import { ManagerPin, STAFF_FILE, StaffList } from '../auth/index.js';
import { staffHandlers } from './handlers/staff.js';
import { CounterStaff, shareThroughStore } from './counter-staff.js';
import { EnvironmentConfigStore } from '../settings/environment-config.js';
import { lockDataDir, type DataDirLock } from '../fs/data-dir-lock.js';
import type { AppCoreOptions } from './app-core-options.js';
import type { AppContext } from './app-context.js';
import { appStateNow, setupNoticesNow } from './app-state-view.js';
import { requireScope, type CoreContext } from './context.js';
import { delegatedHandlers } from './delegated-handlers.js';
import { EnvironmentOpener } from './environment-opener.js';
import { EnvironmentSecrets } from './environment-secrets.js';
import { EnvironmentSwitch } from './environment-switch.js';
import { CoreEvents } from './events.js';
import { connectionHandlers } from './handlers/connection.js';
import { managerHandlers } from './handlers/manager.js';
import { settingsHandlers } from './handlers/settings.js';
import { storeSettingsHandlers } from './handlers/store-settings.js';
import { ManagerGate } from './manager-gate.js';
import type { Core, CoreListener, Policy } from './types.js';
import { closedTillHandlers, tillClosed } from './closed-till.js';

export const MANAGER_PIN_FILE = 'manager-pin.json';

export class AppCore implements Core {
  readonly handlers: Handlers;
  private readonly envs: EnvironmentSwitch;
  private signInAbort: AbortController | null = null;
  private closed = false;
  private readonly ctx: AppContext;
  /** Who is selling: in memory only, so a restart leaves nobody signed in. */
  private readonly counter: CounterStaff;
  /** Signs every environment's journal head; null only when it could not be read or made (logged). */
  private keys: KeyKeeper | null = null;

  private constructor(
    private readonly options: AppCoreOptions,
    private readonly config: EnvironmentConfigStore,
    secrets: EnvironmentSecrets,
    private readonly gate: ManagerGate,
    private readonly events: CoreEvents,
    private readonly pin: ManagerPin,
    private readonly lock: DataDirLock,
    staff: StaffList,
  ) {
    const closedHandlers = closedTillHandlers(() => this.envs.closedReason, options.clock);
    // Sign-ins are journaled in the live environment's journal; with none open, nobody sells anyway.
    this.counter = new CounterStaff(staff, options.monotonic, () => {
      const live = this.envs.live?.core.context;
      return live ? { registerId: live.settings.get().registerId, append: (k, b, by) => live.engine.appendRecord(k, b, by) } : null;
    }, (view) => events.emit('staffChanged', view));
    gate.followCounter(() => this.counter.signedIn());
    // Store mode: the live environment's store holds the shop's staff list (the store wins).
    shareThroughStore(staff, () => this.envs.live?.core.context.store ?? null);
    const emitAppState = () => this.events.emit('appStateChanged', this.appState());
    const opener = new EnvironmentOpener({ options, config, secrets, counter: this.counter, gate, events, keys: () => this.keys, emitAppState });
    this.envs = new EnvironmentSwitch({
      dataDir: options.dataDir, logger: options.logger, config, emitAppState, open: (env, onChange) => opener.open(env, onChange),
    });
    this.ctx = {
      config, secrets, gate, staff, counter: this.counter,
      emitManagerView: () => events.emit('managerChanged', gate.view()),
      clock: options.clock,
      logger: options.logger,
      openExternal: options.openExternal ?? null,
      signInTimeoutMs: options.signInTimeoutMs,
      storeOverride: options.store ?? null,
      environment: () => this.envs.live?.session.environment ?? null,
      live: () => {
        const live = this.envs.live;
        if (!live) throw tillClosed(this.envs.closedReason);
        return live;
      },
      standbySession: (env) => opener.bankSession(env),
      reopen: (env) => this.envs.reopen(env),
      assertNoOpenPayment: () => this.envs.assertNoOpenPayment(),
      signInPending: () => this.signInAbort !== null,
      setSignIn: (abort, ifCurrent) => {
        if (ifCurrent === undefined || this.signInAbort === ifCurrent) this.signInAbort = abort;
      },
      // Forgotten at once, so the view returned to the Cancel button no longer says "waiting".
      cancelSignIn: () => {
        const pending = this.signInAbort;
        this.signInAbort = null;
        pending?.abort();
      },
      emitAppState,
    };
    const appLevel: Pick<Handlers, MethodAt<'app'>> = {
      ...settingsHandlers(this.ctx),
      ...connectionHandlers(this.ctx),
      ...managerHandlers(this.ctx),
      ...staffHandlers(this.ctx),
      ...storeSettingsHandlers(this.ctx),
    };
    const delegated = delegatedHandlers({
      pending: () => this.envs.pending(), live: () => this.envs.live, closed: closedHandlers, appState: () => this.appState(),
    });
    this.handlers = { ...delegated, ...appLevel };
  }

  /** The contract row's policy, applied by dispatch before any handler: the PIN first, then the bank scope. */
  authorize(policy: Policy): Promise<void> | void {
    if (policy.manager) this.gate.require();
    const { scope } = policy;
    if (!scope) return;
    // With no environment open there is no bank to hold a scope: the closed till answers (and refuses) instead.
    const check = () => {
      const live = this.envs.live;
      if (live) requireScope(live.core.context.connection, scope);
    };
    // During a switch, the environment it leaves open decides.
    const pending = this.envs.pending();
    if (pending) return pending.then(check);
    check();
  }

  reportError(method: string, error: IpcError): void {
    const fields = { method, code: error.code, reason: error.reason ?? error.code, detail: error.detail ?? '' };
    if (error.code === 'internal') this.options.logger.error('ipc method failed unexpectedly', fields);
    else this.options.logger.warn('ipc method refused', fields);
  }

  static async open(options: AppCoreOptions): Promise<AppCore> {
    await mkdir(options.dataDir, { recursive: true });
    // Before reading anything: a second process on this folder would write beside us (data-dir-lock.ts).
    const lock = await lockDataDir(options.dataDir, options.holder);
    try {
      const config = await EnvironmentConfigStore.open(options.dataDir, options.logger);
      const secrets = await EnvironmentSecrets.open({
        dataDir: options.dataDir, cipher: options.cipher, acceptPlainTextRisk: config.get().acceptPlainTextRisk, logger: options.logger,
      });
      const pin = await ManagerPin.open({
        path: join(options.dataDir, MANAGER_PIN_FILE), clock: options.clock, ...(options.pinCost ? { cost: options.pinCost } : {}),
      });
      const staff = await StaffList.open({ path: join(options.dataDir, STAFF_FILE), clock: options.clock, ...(options.pinCost ? { cost: options.pinCost } : {}) });
      const events = new CoreEvents();
      const gate = new ManagerGate(pin, options.clock, options.monotonic, undefined, (view) => events.emit('managerChanged', view), staff);
      const app = new AppCore(options, config, secrets, gate, events, pin, lock, staff);
      // The till still sells without a key: its chain is checked as before, only not signed until the key reads.
      app.keys = await KeyKeeper.open({ dataDir: options.dataDir, cipher: options.cipher, now: () => options.clock.now(), ...(options.keyTries ? { tries: options.keyTries } : {}) }, options.logger);
      const active = config.get().active;
      if (active !== null) await app.envs.openAtStart(active);
      return app;
    } catch (e) {
      await lock.release();
      throw e;
    }
  }

  /** Null while no environment is open. */
  get environment(): Environment | null {
    return this.envs.live?.session.environment ?? null;
  }

  get apiBaseUrl(): string {
    return this.envs.live?.session.apiBaseUrl ?? '';
  }

  /** The live environment's core context (tests and diagnostics; it changes on every switch). */
  get context(): CoreContext {
    const live = this.envs.live;
    if (!live) throw tillClosed(this.envs.closedReason);
    return live.core.context;
  }

  /** What a manager must be told about damaged or missing files, as of now. */
  notices(): SetupNotice[] {
    return setupNoticesNow({
      dataDir: this.options.dataDir, config: this.config, pin: this.pin, keys: this.keys, live: this.envs.live, journalNotice: this.envs.journalNotice,
    });
  }

  private appState(): AppState {
    return appStateNow(this.envs.live, this.envs.closedReason, this.notices());
  }

  subscribe(listener: CoreListener): () => void {
    return this.events.subscribe(listener);
  }

  /** Attempts not final yet: the shell never installs an update while one is open. */
  openAttemptCount(): number {
    return this.envs.live?.core.context.engine.today().attempts.filter((a) => !isFinal(a.state)).length ?? 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.signInAbort?.abort();
    this.gate.close();
    this.counter.close();
    await this.envs.close();
    await this.options.training.close();
    await this.lock.release();
  }
}
