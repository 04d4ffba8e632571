/** What the app-level handlers (settings, connection, manager) may use of the app core. */
import type { Clock } from '../../shared/clock.js';
import type { BankEnvironment, Environment } from '../../shared/ipc/types.js';
import type { BankSession } from './sessions/bank-session.js';
import type { Logger } from '../log.js';
import type { EnvironmentConfigStore } from '../settings/environment-config.js';
import type { EnvironmentCore } from './create-core.js';
import type { EnvironmentSecrets } from './environment-secrets.js';
import type { ManagerGate } from './manager-gate.js';
import type { StaffList } from '../auth/index.js';
import type { CounterStaff } from './counter-staff.js';
import type { EnvironmentSession } from './sessions/session.js';

export interface LiveEnvironment {
  session: EnvironmentSession;
  core: EnvironmentCore;
}

/** A store set when Counterpay was started (harness --store-url, COUNTERPAY_STORE_URL): it wins over Settings, which show it read-only. */
export interface StoreOverride {
  url: string;
  /** null: the name saved in Settings, else the register's id. */
  registerName: string | null;
  source: 'command_line' | 'environment';
}

export interface AppContext {
  config: EnvironmentConfigStore;
  secrets: EnvironmentSecrets;
  gate: ManagerGate;
  /** The staff list, and who is selling at this register. */
  staff: StaffList;
  counter: CounterStaff;
  /** Tells the windows the manager view now (a manager signing in at the counter opens it). */
  emitManagerView(): void;
  clock: Clock;
  logger: Logger;
  /** Opens the system browser; absent where none exists (then sign-in says so). */
  openExternal: ((url: string) => Promise<void> | void) | null;
  signInTimeoutMs: number | undefined;
  storeOverride: StoreOverride | null;
  /** Null while no environment is open. */
  environment(): Environment | null;
  live(): LiveEnvironment;
  /** A session to a bank environment that is not live, with its saved settings: only to sign in to it before it goes live. Close it after. */
  standbySession(env: BankEnvironment): BankSession;
  /** Closes the live environment and opens `env` (the same one to apply new settings). Refuses while a payment is open. */
  reopen(env: Environment): Promise<void>;
  /** Throws CoreError 'conflict' while the live environment has a payment the cashier has not finished, or a request still on its way to the bank. */
  assertNoOpenPayment(): void;
  signInPending(): boolean;
  /** Registers the pending sign-in's canceller, or clears it with null (only if it is still `ifCurrent`, when given). */
  setSignIn(abort: AbortController | null, ifCurrent?: AbortController): void;
  cancelSignIn(): void;
  /** Pushes the current AppState to the renderer. */
  emitAppState(): void;
}
