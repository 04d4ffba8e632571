/**
 * Which day closing may still get its first print: the one this manager has just closed, until a
 * print is made or another day is closed. Any other print of a closed day's Z report is a reprint
 * and says so; the figures, number and signature are the closing's own either way.
 */
let fresh: number | null = null;

/** The closing just made (its record's place in the journal). */
export function closedJustNow(seq: number | undefined): void {
  fresh = seq ?? null;
}

export const isFirstPrint = (seq: number | undefined): boolean => seq !== undefined && seq === fresh;

window.addEventListener('afterprint', () => {
  fresh = null;
});
