/**
 * Who hears what the engine committed, once it is on disk: the attempt's change (logged, and
 * passed to onUpdate for the windows) and the journal record with its sequence number (for
 * the store's shipper, see engine-ports.ts). A listener that throws is logged and ignored:
 * the record is already fsync'd and the other listeners must still hear it.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Logger } from '../log.js';
import { logFields } from './engine-context.js';
import type { CommittedListener, CommittedRecord } from './engine-ports.js';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class EngineAnnouncer {
  private readonly committed = new Set<CommittedListener>();
  private seq: number;

  constructor(private readonly logger: Logger, private readonly onUpdate: ((attempt: Attempt) => void) | undefined, lastSeq: number) {
    this.seq = lastSeq;
  }

  /** Sequence number of the last committed journal record (0 for an empty journal). */
  lastSeq(): number {
    return this.seq;
  }

  /** Hears every committed journal record with its sequence number; returns the unsubscribe. */
  onCommitted(listener: CommittedListener): () => void {
    this.committed.add(listener);
    return () => this.committed.delete(listener);
  }

  /** The windows hear first: the cashier is waiting for them, not for the log line. */
  readonly changed = (prev: Attempt | undefined, next: Attempt): void => {
    try {
      this.onUpdate?.(next);
    } catch (e) {
      this.logger.error('onUpdate listener failed', { attemptId: next.id, error: message(e) });
    }
    // Later: the request, the fsync and every window come before the line is made.
    if (prev?.state !== next.state) this.logger.later('info', `attempt ${next.state}`, logFields(next));
  };

  /** A record of another kind (a closing, a refund) took this number: a view made now includes it. */
  readonly noted = (seq: number | null): void => {
    if (seq !== null) this.seq = Math.max(this.seq, seq);
  };

  readonly recordCommitted = (record: CommittedRecord): void => {
    this.seq = Math.max(this.seq, record.seq);
    for (const l of this.committed) {
      try {
        l(record);
      } catch (e) {
        this.logger.error('journal record listener failed', { seq: record.seq, error: message(e) });
      }
    }
  };
}
