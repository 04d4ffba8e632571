/**
 * How long a roll's page must be for what it prints: the paper as laid out on screen, measured,
 * plus a little tail. Receipts and the shift summary (X report) print on the same roll this way.
 */
const PX_PER_MM = 96 / 25.4;
/** A little paper after the last line so the cutter does not cut through it. */
const TAIL_MM = 8;

/** Within what printReceipt accepts (10 to 5000 mm). */
export function printHeightMm(paper: Element | null): number {
  const height = paper?.getBoundingClientRect().height ?? 0;
  return Math.min(5000, Math.max(10, Math.ceil(height / PX_PER_MM) + TAIL_MM));
}
