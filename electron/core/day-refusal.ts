/**
 * A refused day closing or correction as a reason and its parameters, so the
 * screen words the exact obstacle and its next step in the manager's language:
 * which payments keep the day open, counted the way the closing screen lists
 * them, and how long a payment without an answer is still watched.
 */
import type { DayClosingRefused } from '../history/day-service.js';
import { DEFAULT_POLICY } from '../../shared/domain/attempt-policy.js';

export interface DayRefusal {
  reason: `day.${DayClosingRefused['why']}`;
  params: Record<string, string | number>;
}

export function dayRefusal(e: Pick<DayClosingRefused, 'why' | 'blockers' | 'by'>): DayRefusal {
  const reason = `day.${e.why}` as const;
  if (e.why === 'already_closed') return { reason, params: { by: e.by ?? '' } };
  if (e.why !== 'not_settled') return { reason, params: {} };
  let open = 0, watching = 0, duplicates = 0;
  for (const r of e.blockers) {
    if (r.openDuplicate) duplicates++;
    else if (r.status === 'no_answer') watching++;
    else open++;
  }
  return { reason, params: { open, watching, duplicates, minutes: DEFAULT_POLICY.lateWatchMs / 60_000 } };
}
