/**
 * The payment engine: the cashier's commands on attempts. Nothing here ever
 * charges a customer twice: one key per attempt, journaled before any request,
 * reused only for a resend of that same attempt inside its deadline.
 */
import { randomUUID } from 'node:crypto';
import { isFinal, type Attempt } from '../../shared/domain/attempt.js';
import type { Clock } from '../../shared/clock.js';
import type { AttemptsView } from '../../shared/ipc/types.js';
import type { TerminalPaymentsPort } from '../api/types.js';
import { CoreError } from '../core/errors.js';
import { createLogger, type Logger } from '../log.js';
import { holdsRegister } from './attempt-states.js';
import { AttemptStore } from './attempt-store.js';
import { AttemptTimers } from './attempt-timers.js';
import { logFields, type EngineContext, type ReactHint } from './engine-context.js';
import { Journal, type LoadedJournal } from './journal.js';
import { localDay } from './journal-files.js';
import { assertChargeInput, newAttempt, type ChargeInput } from './new-attempt.js';
import { pollOnce } from './poller.js';
import { resolvePolicy, type EnginePolicy } from './policy.js';
import { react } from './reactions.js';
import { restoreAll } from './restore.js';
import { resendNow } from './send-loop.js';
import { TaskTracker } from './tasks.js';

export interface PaymentEngineOptions {
  /** The journal lives in `${dataDir}/journal/`. */
  dataDir: string;
  port: TerminalPaymentsPort;
  clock: Clock;
  registerId: string;
  logger?: Logger;
  /** Attempt ids and idempotency keys; default crypto.randomUUID (UUID v4). */
  newId?: () => string;
  /** Every change of an attempt, after it is journaled. */
  onUpdate?: (attempt: Attempt) => void;
  policy?: Partial<EnginePolicy>;
}

export class PaymentEngine {
  private closed = false;
  private readonly ctx: EngineContext;
  private readonly journal: Journal;
  private readonly warnings: readonly string[];

  private constructor(private readonly options: PaymentEngineOptions, loaded: LoadedJournal) {
    const policy = resolvePolicy(options.policy);
    const logger = options.logger ?? createLogger();
    for (const w of loaded.warnings) logger.warn('journal record ignored', { warning: w });
    this.journal = loaded.journal;
    this.warnings = loaded.warnings;
    this.ctx = {
      store: new AttemptStore(loaded.journal, loaded.attempts, options.clock, policy, (p, n, h) => this.changed(p, n, h)),
      port: options.port,
      clock: options.clock,
      policy,
      logger,
      timers: new AttemptTimers(options.clock),
      tasks: new TaskTracker(logger),
      isClosed: () => this.closed,
    };
  }

  /** Opens the journal (newest day file only) and resumes every unfinished attempt. */
  static async open(options: PaymentEngineOptions): Promise<PaymentEngine> {
    const engine = new PaymentEngine(options, await Journal.open(options.dataDir));
    try {
      await restoreAll(engine.ctx);
    } catch (e) {
      // Attempts restored before the failure already poll and count down: a half-open engine must not keep running.
      await engine.close();
      throw e;
    }
    return engine;
  }

  /** Resolves once the new attempt is journaled (fsync'd) in 'sending'; the request leaves in the background. */
  async charge(input: ChargeInput): Promise<Attempt> {
    assertChargeInput(input);
    return this.ctx.store.exclusive(async () => {
      this.assertOpen();
      this.assertRegisterFree(null);
      const spec = { ...input, registerId: this.options.registerId, saleId: null, previousAttemptId: null };
      const a = newAttempt(spec, this.ctx.clock.now(), this.options.newId ?? randomUUID);
      await this.ctx.store.commit([a]);
      return a;
    });
  }

  /** The cashier resends a failed send: same key, only inside the deadline. */
  async resend(attemptId: string): Promise<Attempt> {
    this.mustGet(attemptId);
    this.assertOpen();
    const { attempt, refusal } = await resendNow(this.ctx, attemptId);
    if (refusal !== null || !attempt) throw new CoreError('conflict', refusal ?? 'attempt not found');
    return attempt;
  }

  /** Reads the payment now (accepted, or timed out with a known payment id); a read error is thrown as is. */
  async recheck(attemptId: string): Promise<Attempt> {
    const a = this.mustGet(attemptId);
    this.assertOpen();
    if (a.state !== 'accepted' && a.state !== 'timed_out') {
      throw new CoreError('conflict', `attempt is ${a.state}; only an accepted or timed-out payment can be checked again`);
    }
    if (a.paymentId === null) {
      throw new CoreError('conflict', 'the bank never confirmed this payment (no payment id): look at the terminal');
    }
    return (await pollOnce(this.ctx, attemptId)) ?? a;
  }

  /**
   * A new linked attempt with a NEW key, for the same sale. From refused or
   * rejected; from timed_out only once the cashier confirmed the terminal shows
   * no payment. An attempt is retried at most once (the chain stays linear).
   */
  async retry(attemptId: string, opts: { confirmedNoPayment: boolean }): Promise<Attempt> {
    this.mustGet(attemptId);
    return this.ctx.store.exclusive(async () => {
      this.assertOpen();
      const old = this.mustGet(attemptId);
      if (old.retriedBy !== null) throw new CoreError('conflict', `attempt was already retried by ${old.retriedBy}`);
      if (old.state === 'timed_out' && !opts.confirmedNoPayment) {
        throw new CoreError('conflict', 'the outcome is unknown: check the terminal and confirm it shows no payment before retrying');
      }
      if (!['refused', 'rejected', 'timed_out'].includes(old.state)) {
        throw new CoreError('conflict', `attempt is ${old.state}; only a refused, rejected or timed-out attempt can be retried`);
      }
      // A timed-out attempt of this sale may have been authorized late: then the customer has paid.
      const paidBy = this.ctx.store.all().find((o) => o.saleId === old.saleId && o.state === 'authorized');
      if (paidBy) throw new CoreError('conflict', `this sale is already paid (attempt ${paidBy.id} was authorized): it must not be charged again`);
      this.assertRegisterFree(old.id);
      const now = this.ctx.clock.now();
      const { terminalId, amountMinor, currency, metadata, saleId } = old;
      const spec = { terminalId, amountMinor, currency, metadata, saleId, registerId: this.options.registerId, previousAttemptId: old.id };
      const fresh = newAttempt(spec, now, this.options.newId ?? randomUUID);
      await this.ctx.store.commit([fresh, { ...old, retriedBy: fresh.id, updatedAt: now }]);
      return fresh;
    });
  }

  /** The cashier walks away: no more sends, still watched until the deadline and late watch; frees the register. */
  async abandon(attemptId: string): Promise<Attempt> {
    this.mustGet(attemptId);
    this.assertOpen();
    const next = await this.ctx.store.update(attemptId, (cur) => {
      if (isFinal(cur.state)) throw new CoreError('conflict', `attempt is already ${cur.state}`);
      return cur.abandoned ? null : { ...cur, abandoned: true, updatedAt: this.ctx.clock.now() };
    });
    this.ctx.timers.cancel(attemptId, 'resend');
    return next ?? this.mustGet(attemptId);
  }

  get(attemptId: string): Attempt | undefined {
    return this.ctx.store.get(attemptId);
  }

  /**
   * The attempt holding this register, if any. The journal folder belongs to this one counter, so
   * every attempt in it counts, even one journaled under an earlier register id (damaged settings
   * regenerate the id, which must not release an unresolved payment).
   */
  active(): Attempt | null {
    const holding = this.ctx.store.all().filter(holdsRegister);
    return holding.sort((x, y) => y.createdAt - x.createdAt)[0] ?? null;
  }

  /** Attempts created today (local day) plus any still unfinished, newest first. */
  today(): AttemptsView {
    const day = localDay(this.ctx.clock.now());
    const isToday = (a: Attempt) => localDay(a.createdAt) === day;
    const attempts = this.ctx.store.all().filter((a) => isToday(a) || !isFinal(a.state)).sort((x, y) => y.createdAt - x.createdAt);
    const authorizedTotalMinor = attempts
      .filter((a) => a.state === 'authorized' && isToday(a))
      .reduce((sum, a) => sum + (a.authorizedAmountMinor ?? a.amountMinor), 0);
    return { attempts, authorizedTotalMinor, currency: 'EUR', journalWarnings: [...this.warnings] };
  }

  /** Resolves when no background work (send, poll, deadline) is running. For tests and shutdown. */
  settled(): Promise<void> {
    return this.ctx.tasks.settled();
  }

  /** Stops timers, aborts requests in flight (the journal keeps their state for the next start), closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.ctx.timers.stopAll();
    await this.ctx.tasks.drain();
    await this.ctx.store.close();
    await this.journal.close();
  }

  private changed(prev: Attempt | undefined, next: Attempt, hint: ReactHint): void {
    if (prev?.state !== next.state) this.ctx.logger.info(`attempt ${next.state}`, logFields(next));
    try {
      this.options.onUpdate?.(next);
    } catch (e) {
      this.ctx.logger.error('onUpdate listener failed', { attemptId: next.id, error: e instanceof Error ? e.message : String(e) });
    }
    if (prev?.state !== next.state) react(this.ctx, next, hint);
  }

  private mustGet(attemptId: string): Attempt {
    const a = this.ctx.store.get(attemptId);
    if (!a) throw new CoreError('not_found', `no attempt ${attemptId} in today's journal`);
    return a;
  }

  private assertOpen(): void {
    if (this.closed) throw new CoreError('conflict', 'the payment engine is closed');
  }

  /** One active attempt per register; `except` is the attempt being retried (retrying releases it). */
  private assertRegisterFree(except: string | null): void {
    const holding = this.active();
    if (holding && holding.id !== except) {
      throw new CoreError('conflict', `attempt ${holding.id} (${holding.state}) still holds this register: resolve or abandon it first`);
    }
  }
}
