/**
 * Which attempt owns the counter screen. An attempt takes the screen while its
 * outcome is still open and nobody walked away from it; updates arrive from
 * several places (the call's answer, pushed events, the journal on load) in no
 * guaranteed order, so a stale copy must never overwrite a newer one.
 */
import { isFinal, type Attempt, type AttemptState } from '../../../shared/domain/attempt.js';

export function isLive(a: Attempt): boolean {
  return !isFinal(a.state) && !a.abandoned && a.retriedBy === null;
}

/** The most recent live attempt of the journal, to resume after a restart. */
export function pickActive(attempts: readonly Attempt[]): Attempt | null {
  let best: Attempt | null = null;
  for (const a of attempts) if (isLive(a) && (!best || a.createdAt > best.createdAt)) best = a;
  return best;
}

const PROGRESS: Record<AttemptState, number> = {
  sending: 0, send_failed: 1, accepted: 2, timed_out: 3, authorized: 4, refused: 4, rejected: 4,
};

/** The fresher of two copies of the same attempt (updatedAt, then sends, then how far it got). */
export function fresher(current: Attempt, incoming: Attempt): Attempt {
  if (incoming.updatedAt !== current.updatedAt) return incoming.updatedAt > current.updatedAt ? incoming : current;
  if (incoming.sends !== current.sends) return incoming.sends > current.sends ? incoming : current;
  return PROGRESS[incoming.state] >= PROGRESS[current.state] ? incoming : current;
}

/** The attempt on screen after an update for `incoming` arrives. */
export function applyUpdate(active: Attempt | null, incoming: Attempt): Attempt | null {
  if (active && active.id === incoming.id) {
    const next = fresher(active, incoming);
    return next.abandoned ? null : next;
  }
  if (!isLive(incoming)) return active;
  // A live attempt replaces the screen when nothing is open, when the open one is
  // settled, or when it is the follow-up of the one on screen (a retry).
  if (!active || isFinal(active.state) || incoming.previousAttemptId === active.id) return incoming;
  return active;
}

/**
 * The freshest copy of every attempt seen so far. A journal listing requested
 * before an event may answer after it; going through here, the older copy can
 * never bring back a state the screen has already moved past.
 */
export class LatestCopies {
  private readonly byId = new Map<string, Attempt>();

  remember(a: Attempt): Attempt {
    const known = this.byId.get(a.id);
    const latest = known ? fresher(known, a) : a;
    this.byId.set(a.id, latest);
    return latest;
  }
}

/** The attempt on screen after a journal listing: the screen's attempt brought up to date, or an open one to resume. */
export function reconcile(active: Attempt | null, listed: readonly Attempt[], copies: LatestCopies): Attempt | null {
  const latest = listed.map((a) => copies.remember(a));
  if (active) {
    const current = copies.remember(active);
    return current.abandoned ? null : current;
  }
  return pickActive(latest);
}
