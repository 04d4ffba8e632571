/** Reading the day's attempts: newest first, as Today lists them. */
import type { Attempt } from '../../../shared/domain/attempt.js';

export function newestFirst(attempts: readonly Attempt[]): Attempt[] {
  return [...attempts].sort((a, b) => b.createdAt - a.createdAt);
}
