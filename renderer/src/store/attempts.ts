/**
 * The one renderer store of attempts: every copy comes from the main process with the
 * journal sequence number it was committed under, and the higher sequence wins. The
 * first listing and the pushes may arrive in any order; nothing is pulled after a push
 * and nothing is guessed from timestamps. Today's list, the totals, the attempt holding
 * the register and the alerts are all derived from here, so every window agrees.
 */
import { create } from 'zustand';
import { isOpenDuplicate, type Attempt } from '../../../shared/domain/attempt.js';
import { holdsRegister } from '../../../shared/domain/attempt-commands.js';
import { localDay } from '../../../shared/domain/calendar-day.js';
import { belongsToDay, type DayTotals, type DayClosedMark, type PaymentMark } from '../../../shared/domain/day-view.js';
import type { AttemptPush, AttemptsView, IpcError } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';

interface Copy {
  seq: number;
  attempt: Attempt;
}

interface AttemptsStore {
  byId: Record<string, Copy>;
  totals: DayTotals | null;
  /** Refunds and hand settlements of the listed payments, as the last whole view said. */
  marks: Record<string, PaymentMark>;
  /** The shown day was closed already (as the last whole view said): the counter says so before a sale. */
  closed: DayClosedMark | null;
  /** Sequence the totals were computed at. */
  totalsSeq: number;
  journalWarnings: string[];
  error: IpcError | null;
  /** True once a listing arrived. */
  loaded: boolean;
  load(): Promise<void>;
  receive(push: AttemptPush): void;
  /** A whole day's view (the listing, or the push at midnight). */
  receiveView(view: AttemptsView): void;
}

export const useAttempts = create<AttemptsStore>()((set, get) => ({
  byId: {},
  totals: null,
  marks: {},
  closed: null,
  totalsSeq: -1,
  journalWarnings: [],
  error: null,
  loaded: false,

  async load() {
    const res = await call('listAttempts', undefined);
    if (res.ok) get().receiveView(res.value);
    else set({ error: res.error });
  },

  receive({ seq, attempt, totals }) {
    set((s) => {
      const known = s.byId[attempt.id];
      const byId = !known || seq > known.seq ? { ...s.byId, [attempt.id]: { seq, attempt } } : s.byId;
      const newer = seq > s.totalsSeq;
      return { byId, ...(newer ? { totals, totalsSeq: seq } : {}) };
    });
  },

  receiveView(view) {
    set((s) => {
      const byId = { ...s.byId };
      for (const attempt of view.attempts) {
        const known = byId[attempt.id];
        if (!known || view.seq >= known.seq) byId[attempt.id] = { seq: view.seq, attempt };
      }
      // A new day replaces the totals even at the same sequence (nothing was journaled at midnight).
      const newer = view.seq > s.totalsSeq || (s.totals !== null && view.totals.day !== s.totals.day && view.seq >= s.totalsSeq);
      return {
        byId, loaded: true, error: null, journalWarnings: view.journalWarnings,
        ...(newer || s.totals === null ? { totals: view.totals, totalsSeq: view.seq, marks: view.marks ?? {}, closed: view.closed ?? null } : {}),
      };
    });
  },
}));

type State = Pick<AttemptsStore, 'byId' | 'totals'>;

const all = (s: State): Attempt[] => Object.values(s.byId).map((c) => c.attempt);

/** The day shown: the main process's local day (its clock is the one tests inject), else this machine's. */
export const shownDay = (s: State): string => s.totals?.day ?? localDay(Date.now());

/** The day's list, newest first: today's attempts, unfinished ones and open duplicates from earlier days. */
export function dayList(s: State): Attempt[] {
  const day = shownDay(s);
  return all(s).filter((a) => belongsToDay(a, day, localDay)).sort((x, y) => y.createdAt - x.createdAt);
}

/** The attempt holding the register (the newest, as the engine decides). */
export function registerHolder(s: State): Attempt | null {
  return all(s).filter(holdsRegister).sort((x, y) => y.createdAt - x.createdAt)[0] ?? null;
}

/** Possible duplicates a manager has not resolved yet, oldest first. */
export function openDuplicates(s: State): Attempt[] {
  return all(s).filter(isOpenDuplicate).sort((x, y) => x.createdAt - y.createdAt);
}

/** Sales charged at this register after `a` (for the abandon alert: which customer may have paid twice). */
export function chargedSince(s: State, a: Attempt): Attempt[] {
  return all(s).filter((o) => o.saleId !== a.saleId && o.createdAt > a.createdAt).sort((x, y) => x.createdAt - y.createdAt);
}

export const attemptById = (s: State, id: string | null): Attempt | null => (id ? s.byId[id]?.attempt ?? null : null);
