/**
 * Which day closing may still get its first print: the one this manager has just closed, until a
 * print is made or another day is closed. Any other print of a closed day's Z report is a reprint
 * and says so; the figures, number and signature are the closing's own either way.
 */
import { useSyncExternalStore } from 'react';

let fresh: number | null = null;
const listeners = new Set<() => void>();

function set(seq: number | null): void {
  fresh = seq;
  for (const l of listeners) l();
}

/** The closing just made (its record's place in the journal). */
export const closedJustNow = (seq: number | undefined): void => set(seq ?? null);

// A print made: the report on the page now says "reprint" before anyone prints it again.
window.addEventListener('afterprint', () => set(null));

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/** Whether the closing at `seq` has not been printed yet since it was made here. */
export function useFirstPrint(seq: number | undefined): boolean {
  const current = useSyncExternalStore(subscribe, () => fresh);
  return seq !== undefined && seq === current;
}
