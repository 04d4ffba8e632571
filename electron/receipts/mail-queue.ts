/**
 * Receipt e-mails waiting to leave, kept outside the journal: one crash-safe file
 * per message in the environment's `receipt-mail/` folder, so a queued e-mail
 * survives a restart and a server that is down. Each try carries the same
 * Message-ID (at least once, never two different messages). The customer's
 * address lives only here, and only until the server accepts the message or
 * refuses the address for good; then the file is rewritten without it.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Clock, TimerHandle } from '../../shared/clock.js';
import type { MailProblem, ReceiptMailStatus } from '../../shared/domain/receipt.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { SerialQueue } from '../fs/serial-queue.js';
import type { Logger } from '../log.js';
import type { MailSender, OutgoingMail } from './smtp-sender.js';
import { isFinalProblem, smtpProblem } from './smtp-problem.js';

export const MAIL_QUEUE_DIR = 'receipt-mail';
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 30 * 60_000;
/** After this long a message that never left is given up (and its address dropped). */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;

export interface QueuedMail extends Omit<OutgoingMail, 'to' | 'from'> {
  id: string;
  /** Whose receipt: the sale's attempt id, or for a refund's receipt the refund's id (both unique ids). */
  attemptId: string;
  /** The ledger's number, for markEmailed. */
  ledgerNumber: number;
  /** Null once accepted or refused for good: the address is not kept. */
  to: string | null;
  state: ReceiptMailStatus['state'];
  tries: number;
  problem: MailProblem | null;
  createdAt: number;
  nextTryAt: number | null;
  sentAt: number | null;
}

export interface MailQueueOptions {
  dir: string;
  clock: Clock;
  logger: Logger;
  /** The mail server now (settings can change between tries); null when none is set. */
  sender: () => { sender: MailSender; from: string } | null;
  /** The server accepted it: the journal side records the number and the time, never the address. */
  onSent: (ledgerNumber: number, at: number) => Promise<void>;
}

export const backoffMs = (tries: number): number => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, tries - 1), LONGEST_WAIT_MS);

function statusOf(m: QueuedMail): ReceiptMailStatus {
  return { receiptNumber: m.receiptNumber, state: m.state, tries: m.tries, problem: m.problem, nextTryAt: m.nextTryAt, sentAt: m.sentAt };
}

export class MailQueue {
  private readonly mails = new Map<string, QueuedMail>();
  private readonly work = new SerialQueue();
  private timer: TimerHandle | null = null;
  private closed = false;

  private constructor(private readonly o: MailQueueOptions) {}

  static async open(o: MailQueueOptions): Promise<MailQueue> {
    const q = new MailQueue(o);
    await fs.mkdir(o.dir, { recursive: true, mode: 0o700 });
    for (const name of await fs.readdir(o.dir)) {
      if (!name.endsWith('.json')) continue;
      try {
        const m = JSON.parse(await fs.readFile(join(o.dir, name), 'utf8')) as QueuedMail;
        if (typeof m.id === 'string' && typeof m.attemptId === 'string' && typeof m.messageId === 'string') q.mails.set(m.id, m);
      } catch (e) {
        o.logger.warn('a queued receipt e-mail cannot be read', { file: name, reason: e instanceof Error ? e.message : String(e) });
      }
    }
    q.schedule();
    return q;
  }

  /** Queued durably before it returns, then tried at once in the background. */
  async enqueue(mail: Omit<QueuedMail, 'id' | 'state' | 'tries' | 'problem' | 'createdAt' | 'nextTryAt' | 'sentAt'>): Promise<ReceiptMailStatus> {
    const m: QueuedMail = { ...mail, id: randomUUID(), state: 'queued', tries: 0, problem: null, createdAt: this.o.clock.now(), nextTryAt: this.o.clock.now(), sentAt: null };
    await this.save(m);
    this.mails.set(m.id, m);
    void this.runDue();
    return statusOf(m);
  }

  /** The latest e-mail asked for this payment's receipt. */
  status(attemptId: string): ReceiptMailStatus | null {
    let latest: QueuedMail | null = null;
    for (const m of this.mails.values()) if (m.attemptId === attemptId && (!latest || m.createdAt >= latest.createdAt)) latest = m;
    return latest ? statusOf(latest) : null;
  }

  /** Tries every message that is due now (also what the timer runs). */
  runDue(): Promise<void> {
    return this.work.run(async () => {
      for (const m of [...this.mails.values()]) {
        if (this.closed) return;
        if (m.state === 'queued' && m.nextTryAt !== null && m.nextTryAt <= this.o.clock.now()) await this.attempt(m);
      }
      this.schedule();
    });
  }

  close(): void {
    this.closed = true;
    this.timer?.cancel();
  }

  private async attempt(m: QueuedMail): Promise<void> {
    const server = this.o.sender();
    const now = this.o.clock.now();
    if (!server || m.to === null) {
      m.problem = 'not_set';
      m.nextTryAt = now + backoffMs(m.tries + 1);
      await this.save(m);
      return;
    }
    let error: unknown = null;
    try {
      await server.sender.send({ ...m, to: m.to, from: server.from });
    } catch (e) {
      error = e;
    }
    // The new state reaches the disk before the screen can read it: "sent" means the address is already gone.
    const at = this.o.clock.now();
    if (error === null) {
      const sent: QueuedMail = { ...m, tries: m.tries + 1, state: 'sent', sentAt: at, problem: null, nextTryAt: null, to: null };
      await this.o.onSent(m.ledgerNumber, at);
      await this.forget(m);
      Object.assign(m, sent);
      this.o.logger.info('receipt e-mail accepted', { receipt: m.receiptNumber, tries: m.tries });
      return;
    }
    const problem = smtpProblem(error);
    const giveUp = isFinalProblem(problem) || now - m.createdAt >= GIVE_UP_AFTER_MS;
    const next: QueuedMail = {
      ...m, tries: m.tries + 1, problem, state: giveUp ? 'failed' : 'queued', nextTryAt: giveUp ? null : at + backoffMs(m.tries + 1), to: giveUp ? null : m.to,
    };
    this.o.logger.warn('receipt e-mail not sent', { receipt: m.receiptNumber, problem, tries: next.tries, reason: error instanceof Error ? error.message : String(error) });
    await this.save(next);
    Object.assign(m, next);
  }

  private schedule(): void {
    this.timer?.cancel();
    this.timer = null;
    if (this.closed) return;
    const next = Math.min(...[...this.mails.values()].filter((m) => m.state === 'queued' && m.nextTryAt !== null).map((m) => m.nextTryAt as number));
    if (!Number.isFinite(next)) return;
    this.timer = this.o.clock.setTimer(next - this.o.clock.now(), () => void this.runDue());
  }

  private path(m: QueuedMail): string {
    return join(this.o.dir, `${m.id}.json`);
  }

  private save(m: QueuedMail): Promise<void> {
    return writeFileAtomic(this.path(m), JSON.stringify(m), { mode: 0o600 });
  }

  /** Sent: the file goes; the status stays in memory (and in the ledger) for the screen. */
  private async forget(m: QueuedMail): Promise<void> {
    await fs.rm(this.path(m), { force: true });
  }
}
