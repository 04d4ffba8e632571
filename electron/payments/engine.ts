/**
 * The payment engine: the cashier's and the manager's commands on attempts. Nothing
 * here ever charges a customer twice: one key per attempt, journaled before any
 * request, reused only for a resend of that same attempt inside its deadline. Every
 * decision is the attempt machine's (shared/domain/attempt-machine.ts); the engine
 * checks commandsAllowed, feeds events and runs effects.
 *
 * The store mode's ports are no-ops by default (engine-ports.ts): `sendGate` is awaited
 * before a NEW attempt is journaled for sending, and its refusal reaches the cashier as a
 * conflict; committed records are heard through `onCommitted` (engine-announcer.ts).
 */
import { randomUUID } from 'node:crypto';
import { isFinal, type Attempt, type AttemptResolution } from '../../shared/domain/attempt.js';
import { salePaidBy } from '../../shared/domain/attempt-rules.js';
import { assertRegisterFree, guardCommand, passGate, registerHolder } from './engine-guards.js';
import { step, type MachineEvent } from '../../shared/domain/attempt-machine.js';
import { dayView, type DayMoney, type DayView } from '../../shared/domain/day-view.js';
import type { SeenMoneyRecords } from './money-bodies.js';
import { EngineRefusal } from './engine-refusal.js';
import type { EngineContext } from './engine-context.js';
import type { EngineAnnouncer } from './engine-announcer.js';
import type { PaymentEngineOptions } from './engine-options.js';
import { engineParts } from './engine-parts.js';
import type { CommittedListener } from './engine-ports.js';
import { Journal, type LoadedJournal } from './journal.js';
import { localDay } from './journal-files.js';
import type { JournalEntry } from './journal-records.js';
import { apply, itsCashier, recordRead } from './machine-runner.js';
import { assertChargeInput, newAttempt, type ChargeInput } from './new-attempt.js';
import { restoreAll, resumeAfterSignIn } from './restore.js';
import { startAttempt } from './start-attempt.js';
import type { RecordBy } from './journal-envelope.js';

export class PaymentEngine {
  private closed = false;
  private readonly ctx: EngineContext;
  private readonly journal: Journal;
  private readonly warnings: readonly string[];
  private readonly announcer: EngineAnnouncer;
  /** Refunds and hand settlements, for Today's figures. */
  private readonly money: SeenMoneyRecords;

  private constructor(private readonly options: PaymentEngineOptions, loaded: LoadedJournal) {
    this.journal = loaded.journal;
    this.warnings = loaded.warnings;
    const parts = engineParts(options, loaded, () => this.closed);
    this.ctx = parts.ctx;
    this.announcer = parts.announcer;
    this.money = parts.money;
  }

  /** Opens the journal (newest readable day file) and resumes every unfinished attempt. */
  static async open(options: PaymentEngineOptions): Promise<PaymentEngine> {
    const engine = new PaymentEngine(options, await Journal.open(options.dataDir, () => options.clock.now()));
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
    const metadata = assertChargeInput(input);
    return this.ctx.store.exclusive(async () => {
      this.assertOpen();
      assertRegisterFree(this.ctx.store.holdingRegister(), null);
      const spec = { ...input, metadata, registerId: this.options.registerId, saleId: null, previousAttemptId: null, cashier: this.options.signedIn?.() ?? null };
      return startAttempt(this.ctx, this.options.sendGate, newAttempt(spec, this.ctx.clock.now(), this.options.newId ?? randomUUID), [], 'charge');
    }, true);
  }

  /** The cashier resends a failed send: same key, only inside the deadline. */
  async resend(attemptId: string): Promise<Attempt> {
    return this.command(attemptId, { type: 'resend' });
  }

  /** Reads the payment now (accepted, or timed out with a known payment id); a failed read is reported. */
  async checkAgain(attemptId: string): Promise<Attempt> {
    this.assertOpen();
    const a = this.decide(this.mustGet(attemptId), { type: 'checkAgain' });
    const outcome = await this.ctx.bank.read(a.paymentId ?? '');
    if (outcome.kind === 'unknown') throw new EngineRefusal(outcome.error.kind === 'session_ended' ? 'signed_out' : 'bank_unavailable', outcome.error.message);
    return (await recordRead(this.ctx, attemptId, outcome)).attempt ?? a;
  }

  /** A refused or rejected attempt, tried again as a new linked attempt with a NEW key (see again()). */
  async tryAgain(attemptId: string): Promise<Attempt> {
    return this.again(attemptId, (by, saleAlreadyPaidBy) => ({ type: 'tryAgain', by, saleAlreadyPaidBy }));
  }

  /** A timed-out attempt, charged again with a NEW key once the cashier confirmed the terminal shows no payment. */
  async chargeAgain(attemptId: string, opts: { confirmedNoPayment: boolean }): Promise<Attempt> {
    return this.again(attemptId, (by, saleAlreadyPaidBy) => ({ type: 'chargeAgain', by, confirmedNoPayment: opts.confirmedNoPayment, saleAlreadyPaidBy }));
  }

  /** A manager signed in again: every send the ended session stopped leaves now, if the machine says it still may. */
  async signedIn(): Promise<number> {
    this.assertOpen();
    return resumeAfterSignIn(this.ctx);
  }

  /** The cashier walks away: no more sends, still watched (a later payment raises an alert); frees the register. */
  async abandon(attemptId: string): Promise<Attempt> {
    return this.command(attemptId, { type: 'abandon' });
  }

  /** A manager answers a possible duplicate: refunded outside Counterpay (with a note) or not a duplicate (with a reason). */
  async resolve(attemptId: string, resolution: Omit<AttemptResolution, 'at'>, by?: RecordBy): Promise<Attempt> {
    return this.command(attemptId, { type: 'resolve', resolution }, by);
  }

  /** A manager asks the bank about a timed-out attempt whose 202 was lost (see attempt-machine.ts for why this is safe). */
  async askBank(attemptId: string): Promise<Attempt> {
    this.assertOpen();
    const a = guardCommand(this.mustGet(attemptId), 'askBank');
    await passGate(this.options.sendGate, a, 'ask_bank');
    return this.command(attemptId, { type: 'askBank', marker: randomUUID().slice(0, 8) });
  }

  /**
   * Open sales this journal lost (its newest file went) found in another copy of its records (the
   * store's): journaled, then watched to their end as after a restart. Returns those taken in.
   */
  async adopt(found: Attempt[]): Promise<Attempt[]> {
    this.assertOpen();
    const adopted = await this.ctx.store.adopt(found.filter((a) => !isFinal(a.state)));
    for (const a of adopted) await apply(this.ctx, a.id, { type: 'restored' }, itsCashier);
    if (adopted.length) this.ctx.logger.warn('open sales the journal lost were taken in from the store', { attemptIds: adopted.map((a) => a.id).join(', ') });
    return adopted;
  }

  get(attemptId: string): Attempt | undefined {
    return this.ctx.store.get(attemptId);
  }

  /** The attempt holding this register, if any (see registerHolder). */
  active(): Attempt | null {
    return registerHolder(this.ctx.store.holdingRegister());
  }

  /** The local day's view: today's attempts plus unfinished ones and open duplicates, with the totals. */
  today(): DayView & { journalWarnings: string[] } {
    return { ...dayView(this.ctx.store.all(), localDay(this.ctx.clock.now()), localDay, this.announcer.lastSeq(), this.money), journalWarnings: [...this.warnings] };
  }

  /** The refunds and hand settlements Today counts. */
  moneyRecords(): DayMoney {
    return this.money;
  }

  /** Sequence number of the last committed journal record (0 for an empty journal). */
  lastSeq(): number {
    return this.announcer.lastSeq();
  }

  /**
   * The one entry point for every record that is not an attempt's (closings, notices, and the kinds
   * to come): the register's one sequence and chain, fsync'd before it resolves, in turn with the sales.
   */
  appendRecord(kind: string, body: unknown, by: RecordBy): Promise<JournalEntry> {
    this.assertOpen();
    return this.ctx.store.record(kind, body, by).then((entry) => {
      this.announcer.noted(entry.seq);
      this.money.note(entry);
      return entry;
    });
  }

  /** The journal alone, nothing appended meanwhile: the chain's check at start-up (history/chain-watch.ts). */
  readonly journalAlone: Journal['alone'] = (fn) => this.journal.alone(fn);

  /** Hears every committed journal record with its sequence number; returns the unsubscribe. */
  onCommitted(listener: CommittedListener): () => void {
    return this.announcer.onCommitted(listener);
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

  /** A new linked attempt with a NEW key for the same sale, at most once per attempt; the machine refuses a paid sale. */
  private async again(attemptId: string, event: (by: string, saleAlreadyPaidBy: string | null) => MachineEvent): Promise<Attempt> {
    this.mustGet(attemptId);
    return this.ctx.store.exclusive(async () => {
      this.assertOpen();
      const old = this.mustGet(attemptId);
      const fresh = newAttempt({ ...old, registerId: this.options.registerId, previousAttemptId: old.id, cashier: this.options.signedIn?.() ?? null }, this.ctx.clock.now(), this.options.newId ?? randomUUID);
      const marked = this.decide(old, event(fresh.id, salePaidBy(this.ctx.store.all(), old)));
      assertRegisterFree(this.ctx.store.holdingRegister(), old.id);
      return startAttempt(this.ctx, this.options.sendGate, fresh, [marked], 'retry');
    });
  }

  /** One command on one attempt: the machine reads the guard table (commandsAllowed), then decides. */
  private async command(attemptId: string, event: MachineEvent, by?: RecordBy): Promise<Attempt> {
    this.mustGet(attemptId);
    this.assertOpen();
    const { attempt, refusal } = await apply(this.ctx, attemptId, event, by);
    if (refusal !== null || !attempt) throw new EngineRefusal('conflict', refusal ?? 'attempt not found');
    return attempt;
  }

  /** The machine's answer for an event applied inside exclusive() by the caller; throws its refusal. */
  private decide(a: Attempt, event: MachineEvent): Attempt {
    const r = step(a, event, { wall: this.ctx.clock.now(), ageMs: this.ctx.ages.age(a) }, this.ctx.policy);
    if (!r.ok) throw new EngineRefusal('conflict', r.refusal);
    return r.attempt;
  }

  private mustGet(attemptId: string): Attempt {
    const a = this.ctx.store.get(attemptId);
    if (!a) throw new EngineRefusal('not_found', 'This payment is not in the journal of this register.');
    return a;
  }

  private assertOpen(): void {
    if (this.closed) throw new EngineRefusal('conflict', 'the payment engine is closed');
  }
}
