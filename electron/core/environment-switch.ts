/**
 * Which environment is live, and switching it: the old one is closed before
 * the new one opens, so training sales never mix with real ones, and switches
 * queue one behind the other. While none is open, the reason (and the notice
 * for the manager) is kept here for the closed till to answer with.
 */
import { shortKey } from '../../shared/domain/attempt.js';
import { requestOnTheWire } from '../../shared/domain/attempt-rules.js';
import type { ClosedReason, Environment, SetupNotice } from '../../shared/ipc/types.js';
import { join } from 'node:path';
import type { Logger } from '../log.js';
import type { EnvironmentConfigStore } from '../settings/environment-config.js';
import type { Live } from './environment-opener.js';
import { CoreError } from './errors.js';
import { JOURNAL_CLOSED, journalProblem, journalUnavailable, NO_ENVIRONMENT_CLOSED } from './setup-notices.js';

export interface SwitchParts {
  dataDir: string;
  logger: Logger;
  config: EnvironmentConfigStore;
  open(env: Environment, onConnectionChange: () => void): Promise<Live>;
  emitAppState(): void;
}

export class EnvironmentSwitch {
  /** Null while no environment is open: closedReason says why. */
  private current: Live | null = null;
  private reason: ClosedReason = NO_ENVIRONMENT_CLOSED;
  private notice: SetupNotice | null = null;
  private transitions: Promise<void> = Promise.resolve();
  /** Switches queued or running: with none, a command reads the live environment at once, without a turn of waiting. */
  private switching = 0;

  constructor(private readonly parts: SwitchParts) {}

  get live(): Live | null {
    return this.current;
  }

  get closedReason(): ClosedReason {
    return this.reason;
  }

  /** Why the environment saved as live could not be opened at start; gone once a manager opens one. */
  get journalNotice(): SetupNotice | null {
    return this.notice;
  }

  /** The switches in progress, or null when none is (then the live environment can be read at once). */
  pending(): Promise<void> | null {
    return this.switching > 0 ? this.transitions : null;
  }

  /** The saved environment, or, if it cannot be opened, no environment and a notice saying why: the till still starts. */
  async openAtStart(env: Environment): Promise<void> {
    try {
      this.current = await this.open(env);
    } catch (e) {
      const reason = journalProblem(e, join(this.parts.dataDir, env, 'journal'));
      this.parts.logger.error('could not open the environment at start; the counter stays closed', { environment: env, problem: reason.kind, detail: reason.detail });
      this.reason = JOURNAL_CLOSED;
      this.notice = journalUnavailable(reason);
    }
  }

  /** Throws CoreError 'conflict' while the live environment has a payment the cashier has not finished, or a request still on its way to the bank. */
  assertNoOpenPayment(): void {
    if (!this.current) return;
    const { engine } = this.current.core.context;
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

  /** Closes the live environment and opens `env`, after any switch already queued; back to the previous one if `env` fails. */
  reopen(env: Environment): Promise<void> {
    const run = async () => {
      this.assertNoOpenPayment();
      const previous = this.current?.session.environment ?? null;
      await this.closeLive();
      try {
        this.current = await this.open(env);
      } catch (e) {
        this.parts.logger.error('could not open the environment; back to the previous one', { environment: env, error: String(e) });
        if (previous !== null) this.current = await this.open(previous);
        throw e;
      }
      // A manager chose and it opened: the counter is no longer closed.
      this.notice = null;
      if (this.parts.config.get().active !== env) await this.parts.config.setActive(env);
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

  /** After any switch in progress, the live environment closes for good. */
  async close(): Promise<void> {
    await this.transitions;
    await this.closeLive();
  }

  private open(env: Environment): Promise<Live> {
    return this.parts.open(env, () => this.connectionChanged());
  }

  /** Sign-in, refresh or the bank ending the session: the banner and the organization follow. */
  private connectionChanged(): void {
    if (!this.current) return;
    const { core, session } = this.current;
    const connected = session.connection.status().status === 'connected';
    if (!connected) {
      // The next sign-in may be another person, with another role.
      core.context.organization.clear();
      core.context.access.reset();
    }
    this.parts.emitAppState();
    if (!connected || core.context.organization.summary()) return;
    core.context.organization.refresh()
      .then(() => this.current?.core === core && this.parts.emitAppState())
      .catch((e: unknown) => this.parts.logger.warn('organization fetch failed', { error: e instanceof Error ? e.message : String(e) }));
  }

  private async closeLive(): Promise<void> {
    const live = this.current;
    if (!live) return;
    this.current = null;
    live.unsubscribe();
    await live.core.close();
    await live.session.close();
  }
}
