/** Reading the day's journal: newest first, and each attempt's neighbours in its sale. */
import { shortKey, type Attempt } from '../../../shared/domain/attempt.js';

export function newestFirst(attempts: readonly Attempt[]): Attempt[] {
  return [...attempts].sort((a, b) => b.createdAt - a.createdAt);
}

export interface AttemptLinks {
  /** Short key of the attempt this one retried. */
  follows: string | null;
  /** Short key of the attempt that retried this one. */
  retriedAs: string | null;
  /** How many attempts the sale has, this one included. */
  saleAttempts: number;
}

export function linksOf(a: Attempt, all: readonly Attempt[]): AttemptLinks {
  const byId = new Map(all.map((x) => [x.id, x]));
  const keyOf = (id: string | null): string | null => {
    if (id === null) return null;
    const other = byId.get(id);
    // The linked attempt may be from an earlier day: show its id rather than nothing.
    return other ? shortKey(other.idempotencyKey) : shortKey(id);
  };
  const next = all.find((x) => x.previousAttemptId === a.id);
  return {
    follows: keyOf(a.previousAttemptId),
    retriedAs: a.retriedBy !== null ? keyOf(a.retriedBy) : next ? shortKey(next.idempotencyKey) : null,
    saleAttempts: all.filter((x) => x.saleId === a.saleId).length,
  };
}
