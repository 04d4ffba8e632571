/**
 * Signs the journal's chain head with the register's key, in a `signature` record: after every
 * day closing and at a checkpoint every CHECKPOINT_RECORDS records. Never on the charge's path:
 * the record that triggers it is already fsync'd when the engine announces it, and the signature
 * is appended in a later turn, so the cashier never waits for it. It is appended with the journal
 * alone, so the head it signs (seq and hash) is exactly the record it follows.
 */
import type { PaymentEngine } from '../payments/engine.js';
import type { JournalEntry } from '../payments/journal-records.js';
import type { Logger } from '../log.js';
import type { RegisterKey } from './register-key.js';
import { headText, type SignatureBody } from './signed-text.js';
import type { RecordBy } from '../payments/journal-envelope.js';

/**
 * One signature every 100 records: a line more per hundred (1 % of the writes, one fsync off the
 * cashier's wait), and a chain recomputed after an edit is caught within 100 records, about an
 * hour of a busy till, rather than only at the day's closing.
 */
export const CHECKPOINT_RECORDS = 100;

/** Closings are signed at once, before the manager is answered: their report prints that signature. */
const SIGNED_AFTER = new Set(['close', 'close_month', 'close_year']);

export class HeadSigner {
  private since = 0;
  private scheduled: Promise<void> | null = null;
  private stopped = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly engine: Pick<PaymentEngine, 'onCommitted' | 'journalAlone'>,
    private readonly key: RegisterKey,
    private readonly now: () => number,
    private readonly logger: Logger,
    private readonly every = CHECKPOINT_RECORDS,
  ) {
    // The attempts' records are heard here; every other kind through `writer` below.
    this.unsubscribe = engine.onCommitted(() => this.counted());
  }

  /**
   * The engine's appendRecord, counted. A closing written through it is signed once it is durable,
   * and only then handed back, so its first report prints the signature (closings are never on
   * the cashier's path); a signature that fails is logged and the closing stands.
   */
  writer(append: (kind: string, body: unknown, by: RecordBy) => Promise<JournalEntry>): (kind: string, body: unknown, by: RecordBy) => Promise<JournalEntry> {
    return async (kind, body, by) => {
      const entry = await append(kind, body, by);
      if (!SIGNED_AFTER.has(kind)) this.counted();
      else await this.signNow().catch((e: unknown) => this.logger.error('signing the closing failed', { error: e instanceof Error ? e.message : String(e) }));
      return entry;
    };
  }

  /** Signs the head now (after what is already queued): the closing's signature, a test's. */
  signNow(): Promise<SignatureBody | null> {
    this.since = 0;
    return this.engine.journalAlone(async (tip, append) => {
      if (this.stopped || tip.seq === 0) return null;
      const key = this.key.current;
      const body: SignatureBody = { seq: tip.seq, hash: tip.hash, keyId: key.id, signature: key.sign(headText(tip.seq, tip.hash)) };
      await append('signature', body, 'counterpay', this.now());
      return body;
    });
  }

  /** Waits for a signature under way, then signs no more (before the engine closes). */
  async stop(): Promise<void> {
    this.unsubscribe();
    await this.scheduled;
    this.stopped = true;
  }

  private counted(): void {
    this.since++;
    if (this.since >= this.every) this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.since = 0;
    // setImmediate: whoever awaits the triggering record (the cashier's charge, the closing) goes on first.
    this.scheduled = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.signNow())
      .then(() => undefined, (e: unknown) => this.logger.error('signing the journal head failed', { error: e instanceof Error ? e.message : String(e) }))
      .finally(() => (this.scheduled = null));
  }
}
