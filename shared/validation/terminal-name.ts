/**
 * A terminal's shop name ("Comptoir", "Terrasse"): short enough for the
 * counter's picker, printable, and distinct from the shop's other names so
 * two terminals never read the same.
 */
export const TERMINAL_NAME_MAX = 30;

/** Control and format characters (bidi overrides included) would hide or reorder what the cashier reads. */
const INVISIBLE_RE = /[\p{Cc}\p{Cf}]/u;

export type TerminalNameProblem =
  | { why: 'too_long'; max: number }
  | { why: 'invisible' }
  | { why: 'taken'; name: string };

/** The English sentence for a problem (the IPC error reasons word it the same way). */
export function terminalNameProblemWords(p: TerminalNameProblem): string {
  switch (p.why) {
    case 'too_long': return `A terminal name is at most ${p.max} characters.`;
    case 'invisible': return 'A terminal name cannot contain invisible characters.';
    case 'taken': return `Another terminal is already called "${p.name}".`;
  }
}

/** The name to store (null clears it), or why it cannot be used. */
export function checkTerminalName(raw: string, otherNames: readonly string[]): { ok: true; name: string | null } | ({ ok: false } & TerminalNameProblem) {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') return { ok: true, name: null };
  if ([...name].length > TERMINAL_NAME_MAX) return { ok: false, why: 'too_long', max: TERMINAL_NAME_MAX };
  if (INVISIBLE_RE.test(name)) return { ok: false, why: 'invisible' };
  const folded = name.toLocaleLowerCase();
  if (otherNames.some((n) => n.toLocaleLowerCase() === folded)) return { ok: false, why: 'taken', name };
  return { ok: true, name };
}

/** How a terminal reads everywhere: its shop name with the serial, or the serial alone. */
export function terminalLabel(t: { name: string | null; poiId: string }): string {
  return t.name ? `${t.name} (${t.poiId})` : t.poiId;
}
