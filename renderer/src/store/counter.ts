/**
 * The sale being typed at the counter and the attempt that owns the screen.
 * One call at a time: `busy` blocks a second Charge (or a second Resend) from
 * a double tap, because a duplicate push is real money.
 */
import { create } from 'zustand';
import type { Attempt } from '../../../shared/domain/attempt.js';
import type { IpcError, IpcResult } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';
import { applyUpdate, LatestCopies, reconcile } from '../logic/active-attempt.js';
import type { AttemptAction } from '../logic/attempt-view.js';
import { connectionBlocker } from '../logic/connection.js';
import { pressKey, type KeypadKey } from '../logic/keypad.js';
import { buildMetadata, emptyDraft, metadataBlocker, type MetadataDraft, type MetadataRow } from '../logic/metadata.js';
import { chargeBlocker } from '../logic/sale.js';
import { updateSkew } from '../logic/countdown.js';
import { useApp } from './app.js';

/** Actions that act on the attempt on screen through the bridge ("New sale" is local). */
export type RemoteAction = Exclude<AttemptAction, 'newSale'>;

interface CounterStore {
  amountMinor: number;
  draft: MetadataDraft;
  /** The cashier's own pick; null means "use the default terminal". */
  chosenTerminalId: string | null;
  active: Attempt | null;
  busy: boolean;
  error: IpcError | null;
  /** Settled attempts that were no longer on screen but carry a flag the cashier must see. */
  notices: Attempt[];
  /** Estimated lead of the main process's clock over Date.now(), for the countdown. */
  clockSkewMs: number;

  press(key: KeypadKey): void;
  setOrderReference(value: string): void;
  setNote(value: string): void;
  addRow(): string;
  updateRow(id: string, patch: Partial<Omit<MetadataRow, 'id'>>): void;
  removeRow(id: string): void;
  chooseTerminal(id: string | null): void;
  /** confirmedTerminalFree: store mode with the store unreachable, the cashier saw no other payment on the terminal. */
  charge(terminalId: string | null, opts?: { confirmedTerminalFree?: boolean }): Promise<void>;
  act(action: RemoteAction): Promise<void>;
  newSale(): void;
  receive(attempt: Attempt): void;
  /** A journal listing arrived (on start and after every update): resume or refresh the attempt on screen. */
  reconcile(attempts: readonly Attempt[]): void;
  dismissNotice(id: string): void;
}

let rowSeq = 0;
const freshSale = () => ({ amountMinor: 0, draft: emptyDraft(), error: null, active: null });

export const useCounter = create<CounterStore>()((set, get) => {
  const copies = new LatestCopies();
  const editDraft = (patch: Partial<MetadataDraft>) => set((s) => ({ draft: { ...s.draft, ...patch }, error: null }));

  /** Runs one bridge call with the busy guard; returns the attempt or records the error. */
  const guarded = async (run: () => Promise<IpcResult<Attempt>>): Promise<Attempt | null> => {
    if (get().busy) return null;
    set({ busy: true, error: null });
    const res = await run();
    set(res.ok ? { busy: false } : { busy: false, error: res.error });
    return res.ok ? res.value : null;
  };

  // Answers and events are fresh: their updatedAt is the core's current time.
  const observe = (attempt: Attempt) => set((s) => ({ clockSkewMs: updateSkew(s.clockSkewMs, attempt.updatedAt, Date.now()) }));

  const show = (attempt: Attempt) => {
    observe(attempt);
    set({ active: copies.remember(attempt) });
  };

  return {
    ...freshSale(),
    chosenTerminalId: null,
    busy: false,
    notices: [],
    clockSkewMs: 0,

    press: (key) => set((s) => ({ amountMinor: pressKey(s.amountMinor, key), error: null })),
    setOrderReference: (orderReference) => editDraft({ orderReference }),
    setNote: (note) => editDraft({ note }),
    addRow() {
      const id = `row-${++rowSeq}`;
      editDraft({ rows: [...get().draft.rows, { id, key: '', value: '' }] });
      return id;
    },
    updateRow: (id, patch) => editDraft({ rows: get().draft.rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) }),
    removeRow: (id) => editDraft({ rows: get().draft.rows.filter((r) => r.id !== id) }),
    chooseTerminal: (chosenTerminalId) => set({ chosenTerminalId, error: null }),

    async charge(terminalId, opts = {}) {
      const { amountMinor, draft, active } = get();
      if (active) return;
      const built = buildMetadata(draft);
      const connection = connectionBlocker(useApp.getState().appState?.connection);
      // The button is disabled in this case; Enter on the keyboard lands here too.
      if (chargeBlocker({ amountMinor, terminalId, metadataBlocker: metadataBlocker(built, draft.rows), connectionBlocker: connection }) || !terminalId) return;
      const confirmed = opts.confirmedTerminalFree ? { confirmedTerminalFree: true } : {};
      const attempt = await guarded(() => call('charge', { terminalId, amountMinor, currency: 'EUR', metadata: built.metadata, ...confirmed }));
      if (attempt) show(attempt);
    },

    async act(action) {
      const active = get().active;
      if (!active) return;
      const attemptId = active.id;
      const attempt = await guarded(() => {
        switch (action) {
          case 'resend': return call('resendAttempt', { attemptId });
          case 'checkNow':
          case 'checkAgain': return call('recheckAttempt', { attemptId });
          case 'abandon': return call('abandonAttempt', { attemptId });
          case 'tryAgain': return call('retryAttempt', { attemptId, confirmedNoPayment: false });
          case 'chargeAgain': return call('retryAttempt', { attemptId, confirmedNoPayment: true });
        }
      });
      if (!attempt) return;
      if (action === 'abandon' && attempt.abandoned) set(freshSale());
      else show(attempt);
    },

    newSale: () => set(freshSale()),

    receive(incoming) {
      observe(incoming);
      const attempt = copies.remember(incoming);
      const after = applyUpdate(get().active, attempt);
      const onScreen = after?.id === attempt.id;
      const flagged = (attempt.lateOutcome || attempt.possibleDuplicate) && !onScreen;
      set((s) => ({
        active: after,
        notices: flagged ? [...s.notices.filter((n) => n.id !== attempt.id), attempt] : s.notices,
      }));
    },

    reconcile(attempts) {
      const active = get().active;
      const next = reconcile(active, attempts, copies);
      if (next !== active) set({ active: next });
    },

    dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  };
});
