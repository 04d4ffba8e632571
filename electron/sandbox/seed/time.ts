/** Seeded records carry fixed dates so every run (and every reset) is identical. */
export const SEED_EPOCH_MS = Date.UTC(2026, 0, 5, 9, 0, 0);
const DAY_MS = 86_400_000;

export function seedIso(offsetMs: number): string {
  return new Date(SEED_EPOCH_MS + offsetMs).toISOString();
}

export function daysBefore(days: number): string {
  return seedIso(-days * DAY_MS);
}
