/**
 * A terminal's shop name ("Comptoir", "Terrasse"): short enough for the
 * counter's picker, printable, and distinct from the shop's other names so
 * two terminals never read the same.
 */
export const TERMINAL_NAME_MAX = 30;

/** Control and format characters (bidi overrides included) would hide or reorder what the cashier reads. */
const INVISIBLE_RE = /[\p{Cc}\p{Cf}]/u;

/** The name to store (null clears it), or the reason it cannot be used. */
export function checkTerminalName(
  raw: string,
  otherNames: readonly string[],
): { ok: true; name: string | null } | { ok: false; reason: string } {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') return { ok: true, name: null };
  if ([...name].length > TERMINAL_NAME_MAX) return { ok: false, reason: `A terminal name is at most ${TERMINAL_NAME_MAX} characters.` };
  if (INVISIBLE_RE.test(name)) return { ok: false, reason: 'A terminal name cannot contain invisible characters.' };
  const folded = name.toLocaleLowerCase();
  if (otherNames.some((n) => n.toLocaleLowerCase() === folded)) return { ok: false, reason: `Another terminal is already called "${name}".` };
  return { ok: true, name };
}

/** How a terminal reads everywhere: its shop name with the serial, or the serial alone. */
export function terminalLabel(t: { name: string | null; poiId: string }): string {
  return t.name ? `${t.name} (${t.poiId})` : t.poiId;
}
