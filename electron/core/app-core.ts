/**
 * The core the app and the harness talk to. It holds the live environment
 * (one createCore over that environment's own journal folder and bank
 * session) and switches by closing one and opening the other, so training
 * sales never mix with real ones. Settings, sign-in and the manager PIN span
 * every environment and are answered here; everything else goes to the live
 * environment's core, manager actions only through the PIN gate.
 *
 * The till may also start with no environment open (the saved choice was
 * lost, or the journal cannot be opened): then closed-till.ts answers, the
 * app state says why, and a manager's switch opens one again. Damaged files
 * met on the way are collected as notices for the manager (setup-notices.ts).
 */
import type { KeyTries } from '../signing/register-key.js';
import { KeyKeeper } from '../signing/key-keeper.js';
import type { ChooseSavePath } from './handlers/journal-keys.js';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import type { Clock } from '../../shared/clock.js';
import { CONTRACT, METHODS, type Handlers, type Method, type MethodAt } from '../../shared/ipc/contract.js';
import { isFinal, shortKey } from '../../shared/domain/attempt.js';
import { requestOnTheWire } from '../../shared/domain/attempt-rules.js';
import type { AppState, BankEnvironment, Environment, SetupNotice } from '../../shared/ipc/types.js';
import { ManagerPin, STAFF_FILE, StaffList, type SecretCipher } from '../auth/index.js';
import { staffHandlers } from './handlers/staff.js';
import { CounterStaff, shareThroughStore } from './counter-staff.js';
import type { Logger } from '../log.js';
import { EnvironmentConfigStore } from '../settings/environment-config.js';
import { forcedLocale } from '../settings/forced-locale.js';
import { lockDataDir, type DataDirLock } from '../fs/data-dir-lock.js';
import type { AppContext, LiveEnvironment, StoreOverride } from './app-context.js';
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
import { storeSettingsHandlers } from './handlers/store-settings.js';
import { ManagerGate } from './manager-gate.js';
import { BankSession } from './sessions/bank-session.js';
import type { EnvironmentSession } from './sessions/session.js';
import { openTrainingSession, type TrainingBackend } from './sessions/training-session.js';
import type { Core, CoreListener, Policy } from './types.js';
import type { ClosedReason, IpcError } from '../../shared/ipc/types.js';
import { logLine } from '../../shared/ipc/error-reasons.js';
import { closedTillHandlers, tillClosed } from './closed-till.js';
import { receiptsHost, type ReceiptsAtStart } from './receipts-wiring.js';
import {
  JOURNAL_CLOSED, journalChainBroken, journalProblem, journalUnavailable, managerPinMissing, managerPinUnreadable, registerKeyChanged, registerKeyUnavailable, NO_ENVIRONMENT_CLOSED, registerCopied, registerSettingsSetAside,
} from './setup-notices.js';

export const MANAGER_PIN_FILE = 'manager-pin.json';

export interface AppCoreOptions {
  dataDir: string;
  logger: Logger;
  /** Wall time: what people read (journal times, the local day, the PIN lock-out kept on disk). */
  clock: Clock;
  /** Elapsed time: payment deadlines and backoff, the manager's idle time, token lifetimes. */
  monotonic: Clock;
  cipher: SecretCipher;
  /** Training's bank; the app core closes it. */
  training: TrainingBackend;
  openExternal?: (url: string) => Promise<void> | void;
  /** How long a sign-in waits for the browser (default 5 minutes). */
  signInTimeoutMs?: number;
  /** Tests: a cheaper scrypt, a recording OAuth dispatcher. */
  pinCost?: { N: number; r: number; p: number };
  oauthDispatcher?: Dispatcher;
  /** Store mode for every environment's register, set at start (harness --store-url / COUNTERPAY_STORE_URL); else Settings decide. */
  store?: StoreOverride | null;
  /** Named to a second process refused the data folder, e.g. "the Counterpay harness". */
  holder?: string;
  /** The shell's receipt printer and a mail server set at start. */
  receipts?: ReceiptsAtStart;
  /** Where the manager saves a file the main process writes: the shell's save dialog, the harness's downloads folder. */
  chooseSavePath?: ChooseSavePath;
  /** Tests: how often a keychain that cannot decrypt the key is asked at start, without waiting. */
  keyTries?: KeyTries;
}

interface Live extends LiveEnvironment {
  unsubscribe(): void;
}

export class AppCore implements Core {
  readonly handlers: Handlers;
  /** Null while no environment is open: closedReason says why. */
  private live: Live | null = null;
  private closedReason: ClosedReason = NO_ENVIRONMENT_CLOSED;
  private journalNotice: SetupNotice | null = null;
  private readonly closedHandlers: ReturnType<typeof closedTillHandlers>;
  private transitions: Promise<void> = Promise.resolve();
  /** Switches queued or running: with none, a command reads the live environment at once, without a turn of waiting. */
  private switching = 0;
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
    private readonly secrets: EnvironmentSecrets,
    private readonly gate: ManagerGate,
    private readonly events: CoreEvents,
    private readonly pin: ManagerPin,
    private readonly lock: DataDirLock,
    staff: StaffList,
  ) {
    this.closedHandlers = closedTillHandlers(() => this.closedReason, options.clock);
    // Sign-ins are journaled in the live environment's journal; with none open, nobody sells anyway.
    this.counter = new CounterStaff(staff, options.monotonic, () => {
      const live = this.live?.core.context;
      return live ? { registerId: live.settings.get().registerId, append: (k, b, by) => live.engine.appendRecord(k, b, by) } : null;
    }, (view) => events.emit('staffChanged', view));
    gate.followCounter(() => this.counter.signedIn());
    // Store mode: the live environment's store holds the shop's staff list (the store wins).
    shareThroughStore(staff, () => this.live?.core.context.store ?? null);
    this.ctx = {
      config, secrets, gate, staff, counter: this.counter,
      emitManagerView: () => events.emit('managerChanged', gate.view()),
      clock: options.clock,
      logger: options.logger,
      openExternal: options.openExternal ?? null,
      signInTimeoutMs: options.signInTimeoutMs,
      storeOverride: options.store ?? null,
      environment: () => this.live?.session.environment ?? null,
      live: () => {
        if (!this.live) throw tillClosed(this.closedReason);
        return this.live;
      },
      standbySession: (env) => this.bankSession(env),
      reopen: (env) => this.reopen(env),
      assertNoOpenPayment: () => this.assertNoOpenPayment(),
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
      emitAppState: () => this.events.emit('appStateChanged', this.appState()),
    };
    const appLevel: Pick<Handlers, MethodAt<'app'>> = {
      ...settingsHandlers(this.ctx),
      ...connectionHandlers(this.ctx),
      ...managerHandlers(this.ctx),
      ...staffHandlers(this.ctx),
      ...storeSettingsHandlers(this.ctx),
    };
    this.handlers = { ...this.delegated(), ...appLevel };
  }

  /** The contract row's policy, applied by dispatch before any handler: the PIN first, then the bank scope. */
  authorize(policy: Policy): Promise<void> | void {
    if (policy.manager) this.gate.require();
    const { scope } = policy;
    if (!scope) return;
    // With no environment open there is no bank to hold a scope: the closed till answers (and refuses) instead.
    const check = () => {
      if (this.live) requireScope(this.live.core.context.connection, scope);
    };
    // During a switch, the environment it leaves open decides.
    if (this.switching > 0) return this.transitions.then(check);
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
      if (active !== null) await app.openAtStart(active);
      return app;
    } catch (e) {
      await lock.release();
      throw e;
    }
  }

  /** Null while no environment is open. */
  get environment(): Environment | null {
    return this.live?.session.environment ?? null;
  }

  get apiBaseUrl(): string {
    return this.live?.session.apiBaseUrl ?? '';
  }

  /** The live environment's core context (tests and diagnostics; it changes on every switch). */
  get context(): CoreContext {
    if (!this.live) throw tillClosed(this.closedReason);
    return this.live.core.context;
  }

  /** What a manager must be told about damaged or missing files, as of now. */
  notices(): SetupNotice[] {
    const out = [...this.config.setupNotices()];
    const problem = this.pin.problem;
    if (problem) out.push(problem.kind === 'damaged' ? managerPinUnreadable(this.options.dataDir, problem.keptAs) : managerPinMissing(this.options.dataDir));
    const settings = this.live?.core.context.settings;
    if (settings?.wasDamaged()) out.push(registerSettingsSetAside(settings.setAsideAs));
    if (settings?.becameNewFrom) out.push(registerCopied(settings.becameNewFrom));
    if (this.journalNotice) out.push(this.journalNotice);
    const ctx = this.live?.core.context;
    if (ctx) out.push(...ctx.journalGap.merge(ctx.chain.open().map((n) => ({ seq: n.seq, notice: journalChainBroken(n) }))));
    const keyLost = ctx?.keyLost;
    if (keyLost) out.push(registerKeyChanged(keyLost));
    if (this.keys?.unavailable) out.push(registerKeyUnavailable(this.keys.unavailable));
    return out;
  }

  private appState(): AppState {
    const extras = { closed: this.live ? null : this.closedReason, notices: this.notices() };
    if (this.live) return { ...currentAppState(this.live.core.context), ...extras };
    return {
      environment: null, registerId: '', organization: null, defaultTerminalId: null, deprecations: [],
      connection: { status: 'signed_out', message: logLine('till.closed', { why: this.closedReason }), grantedScopes: [] },
      // No environment, so no register choice: a language forced on this computer still applies.
      language: { forced: forcedLocale(), register: null },
      ...extras,
    };
  }

  /** The saved environment, or, if it cannot be opened, no environment and a notice saying why: the till still starts. */
  private async openAtStart(env: Environment): Promise<void> {
    try {
      this.live = await this.openEnvironment(env);
    } catch (e) {
      const reason = journalProblem(e, join(this.options.dataDir, env, 'journal'));
      this.options.logger.error('could not open the environment at start; the counter stays closed', { environment: env, problem: reason.kind, detail: reason.detail });
      this.closedReason = JOURNAL_CLOSED;
      this.journalNotice = journalUnavailable(reason);
    }
  }

  subscribe(listener: CoreListener): () => void {
    return this.events.subscribe(listener);
  }

  /** Attempts not final yet: the shell never installs an update while one is open. */
  openAttemptCount(): number {
    return this.live?.core.context.engine.today().attempts.filter((a) => !isFinal(a.state)).length ?? 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.signInAbort?.abort();
    this.gate.close();
    this.counter.close();
    await this.transitions;
    await this.closeLive();
    await this.options.training.close();
    await this.lock.release();
  }

  /** Every environment method runs on the live core, after any switch in progress; with none open, on the closed till. */
  private delegated(): EnvironmentHandlers {
    const out: Partial<Record<Method, (req: unknown) => Promise<unknown>>> = {};
    for (const m of METHODS.filter((x) => CONTRACT[x].level === 'environment')) {
      out[m] = async (req: unknown) => {
        if (this.switching > 0) await this.transitions;
        if (m === 'getAppState') {
          if (this.live) await this.live.core.handlers.getAppState(undefined).catch(rethrowAsCoreError);
          return this.appState();
        }
        const handlers = (this.live?.core.handlers ?? this.closedHandlers) as Partial<Record<Method, (req: unknown) => Promise<unknown>>>;
        const handler = handlers[m];
        if (!handler) throw new CoreError('internal', `no handler for ${m}`);
        return handler(req).catch(rethrowAsCoreError);
      };
    }
    return out as unknown as EnvironmentHandlers;
  }

  private async openEnvironment(env: Environment): Promise<Live> {
    const { clock, monotonic, logger } = this.options;
    await this.keys?.retry();
    const session: EnvironmentSession = env === 'training'
      ? await openTrainingSession(this.options.training, monotonic, logger)
      : this.bankSession(env);
    let core;
    try {
      core = await createCore({
        environment: env, dataDir: join(this.options.dataDir, env), api: session.api, deprecations: session.deprecations,
        connection: session.connection, clock, monotonic, logger, store: this.storeFor(env),
        receipts: receiptsHost(env, this.secrets, logger, this.options.receipts),
        who: {
          signedIn: () => this.counter.ref(), requireSeller: () => this.counter.requireSeller(), manager: () => this.gate.by(),
          leaving: () => this.counter.leaving(), asksWho: () => this.counter.asksWho(),
        },
        ...(this.options.chooseSavePath ? { chooseSavePath: this.options.chooseSavePath } : {}),
        ...(this.keys?.key ? { registerKey: this.keys.key } : {}),
      });
    } catch (e) {
      await session.close();
      throw e;
    }
    // The app state an environment pushes gains what only the app core knows (notices, closed).
    const offCore = core.subscribe((event, payload) => {
      if (event === 'appStateChanged') this.ctx.emitAppState();
      else this.events.emit(event, payload);
    });
    const offSession = session.onChange(() => this.connectionChanged());
    logger.info('environment open', { environment: env, apiBaseUrl: session.apiBaseUrl });
    return { session, core, unsubscribe: () => (offCore(), offSession()) };
  }

  private bankSession(env: BankEnvironment): BankSession {
    const { clock, logger } = this.options;
    return new BankSession({
      environment: env, settings: this.config.get().bank[env], secrets: this.secrets, clock, logger,
      ...(this.options.oauthDispatcher ? { oauthDispatcher: this.options.oauthDispatcher } : {}),
    });
  }

  /** The store this environment's register uses: the one set at start, else the one saved in Settings for it, else none. */
  private storeFor(env: Environment): { url: string; registerName: string | null } | null {
    const override = this.options.store;
    if (override) return { url: override.url, registerName: override.registerName };
    const url = this.secrets.storeUrl(env);
    return url === null ? null : { url, registerName: null };
  }

  /** Sign-in, refresh or the bank ending the session: the banner and the organization follow. */
  private connectionChanged(): void {
    if (!this.live) return;
    const { core, session } = this.live;
    const connected = session.connection.status().status === 'connected';
    if (!connected) {
      // The next sign-in may be another person, with another role.
      core.context.organization.clear();
      core.context.access.reset();
    }
    this.ctx.emitAppState();
    if (!connected || core.context.organization.summary()) return;
    core.context.organization.refresh()
      .then(() => this.live?.core === core && this.ctx.emitAppState())
      .catch((e: unknown) => this.options.logger.warn('organization fetch failed', { error: e instanceof Error ? e.message : String(e) }));
  }

  private assertNoOpenPayment(): void {
    if (!this.live) return;
    const { engine } = this.live.core.context;
    const open = engine.active();
    if (open) {
      throw CoreError.of('conflict', 'environment.payment_open', { key: shortKey(open.idempotencyKey) });
    }
    // An abandoned attempt frees the counter, but closing the engine would cut its request: the
    // bank's answer, and with it the payment id to watch, would be lost. It lasts seconds at most.
    const onTheWire = engine.today().attempts.find(requestOnTheWire);
    if (onTheWire) {
      throw CoreError.of('conflict', 'environment.payment_sending', { key: shortKey(onTheWire.idempotencyKey) });
    }
  }

  private reopen(env: Environment): Promise<void> {
    const run = async () => {
      this.assertNoOpenPayment();
      const previous = this.live?.session.environment ?? null;
      await this.closeLive();
      try {
        this.live = await this.openEnvironment(env);
      } catch (e) {
        this.options.logger.error('could not open the environment; back to the previous one', { environment: env, error: String(e) });
        if (previous !== null) this.live = await this.openEnvironment(previous);
        throw e;
      }
      // A manager chose and it opened: the counter is no longer closed.
      this.journalNotice = null;
      if (this.config.get().active !== env) await this.config.setActive(env);
      // The top bar names the organization again once the reopened environment has fetched it.
      this.connectionChanged();
    };
    this.switching++;
    const next = this.transitions.then(run, run);
    this.transitions = next.catch(() => undefined).then(() => {
      this.switching--;
    });
    return next;
  }

  private async closeLive(): Promise<void> {
    const live = this.live;
    if (!live) return;
    this.live = null;
    live.unsubscribe();
    await live.core.close();
    await live.session.close();
  }
}
