/**
 * The sale being typed at the counter and which attempt this window shows. The
 * attempts themselves live in the one attempts store (seq-ordered); here only the
 * id. One call at a time: `busy` blocks a second Charge (or a second Resend) from a
 * double tap, because a duplicate push is real money.
 */
import { create } from 'zustand';
import type { Attempt } from '../../../shared/domain/attempt.js';
import { holdsRegister } from '../../../shared/domain/attempt-commands.js';
import { emptyFigures } from '../../../shared/domain/money-figures.js';
import type { IpcError, IpcResult } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';
import type { AttemptAction } from '../logic/attempt-view.js';
import { connectionBlocker } from '../logic/connection.js';
import { pressKey, type KeypadKey } from '../logic/keypad.js';
import { buildMetadata, emptyDraft, metadataBlocker, type MetadataDraft, type MetadataRow } from '../logic/metadata.js';
import { chargeBlocker } from '../logic/sale.js';
import { updateSkew } from '../logic/countdown.js';
import { useApp } from './app.js';
import { useAttempts } from './attempts.js';

/** Actions that act on the attempt on screen through the bridge ("New sale" is local). */
export type RemoteAction = Exclude<AttemptAction, 'newSale'>;

interface CounterStore {
  amountMinor: number;
  draft: MetadataDraft;
  /** The cashier's own pick; null means "use the default terminal". */
  chosenTerminalId: string | null;
  /** The attempt this window shows; null while a sale is typed. */
  focusId: string | null;
  busy: boolean;
  error: IpcError | null;
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
  /** Any copy of an attempt seen (answer or push): an idle window follows the sale holding the register. */
  observe(attempt: Attempt): void;
}

let rowSeq = 0;
const freshSale = () => ({ amountMinor: 0, draft: emptyDraft(), error: null, focusId: null });

/** A window with nothing typed and nothing on screen shows what the register is doing (another window's sale). */
const isIdle = (s: Pick<CounterStore, 'focusId' | 'amountMinor' | 'busy'>) => s.focusId === null && s.amountMinor === 0 && !s.busy;

export const useCounter = create<CounterStore>()((set, get) => {
  const editDraft = (patch: Partial<MetadataDraft>) => set((s) => ({ draft: { ...s.draft, ...patch }, error: null }));

  /** Runs one bridge call with the busy guard; returns the attempt or records the error. */
  const guarded = async (run: () => Promise<IpcResult<Attempt>>): Promise<Attempt | null> => {
    if (get().busy) return null;
    set({ busy: true, error: null });
    const res = await run();
    set(res.ok ? { busy: false } : { busy: false, error: res.error });
    if (!res.ok) return null;
    // The answer can come before its push; the push (with its sequence) replaces it.
    useAttempts.getState().receive({ seq: 0, attempt: res.value, totals: useAttempts.getState().totals ?? emptyTotals(res.value) });
    get().observe(res.value);
    return res.value;
  };

  return {
    ...freshSale(),
    chosenTerminalId: null,
    busy: false,
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
      const { amountMinor, draft, focusId } = get();
      if (focusId) return;
      const built = buildMetadata(draft);
      const connection = connectionBlocker(useApp.getState().appState?.connection);
      // The button is disabled in this case; Enter on the keyboard lands here too.
      if (chargeBlocker({ amountMinor, terminalId, metadataBlocker: metadataBlocker(built, draft.rows), connectionBlocker: connection }) || !terminalId) return;
      const confirmed = opts.confirmedTerminalFree ? { confirmedTerminalFree: true } : {};
      const attempt = await guarded(() => call('charge', { terminalId, amountMinor, currency: 'EUR', metadata: built.metadata, ...confirmed }));
      if (attempt) set({ focusId: attempt.id });
    },

    async act(action) {
      const attemptId = get().focusId;
      if (!attemptId) return;
      const attempt = await guarded(() => {
        switch (action) {
          case 'resend': return call('resend', { attemptId });
          case 'checkAgain': return call('checkAgain', { attemptId });
          case 'abandon': return call('abandon', { attemptId });
          case 'tryAgain': return call('tryAgain', { attemptId });
          case 'chargeAgain': return call('chargeAgain', { attemptId, confirmedNoPayment: true });
        }
      });
      if (!attempt) return;
      // Walking away clears the screen; the attempt is still watched and raises an alert if paid.
      if (action === 'abandon') set(freshSale());
      else set({ focusId: attempt.id });
    },

    newSale: () => set(freshSale()),

    observe(attempt) {
      set((s) => ({
        // Answers and pushes are fresh: their updatedAt is the core's current time.
        clockSkewMs: updateSkew(s.clockSkewMs, attempt.updatedAt, Date.now()),
        ...(isIdle(s) && holdsRegister(attempt) ? { focusId: attempt.id, error: null } : {}),
      }));
    },
  };
});

function emptyTotals(a: Attempt) {
  return { day: '', ...emptyFigures(), currency: a.currency };
}
