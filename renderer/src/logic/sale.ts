/**
 * Whether the counter may charge, and if not, the one sentence that says why.
 * The same shared rules as the main process, so a refusal there is never the
 * first time the cashier hears of a problem.
 */
import type { TerminalsView } from '../../../shared/ipc/types.js';
import { amountIssues } from '../../../shared/validation/terminal-payment.js';

/** The terminal the sale goes to: the cashier's pick if still listed, otherwise the default unless it vanished. */
export function effectiveTerminalId(chosen: string | null, view: TerminalsView | null): string | null {
  if (!view) return null;
  const listed = (id: string | null): id is string => id !== null && view.terminals.some((t) => t.id === id);
  if (listed(chosen)) return chosen;
  if (!view.defaultMissing && listed(view.defaultTerminalId)) return view.defaultTerminalId;
  return null;
}

export function amountBlocker(amountMinor: number): string | null {
  if (amountMinor === 0) return 'Type the amount.';
  return amountIssues(amountMinor)[0]?.detail ?? null;
}

export interface ChargeInput {
  amountMinor: number;
  terminalId: string | null;
  metadataBlocker: string | null;
  /** From connectionBlocker: nothing else matters while no payment can reach the bank. */
  connectionBlocker: string | null;
}

export function chargeBlocker(input: ChargeInput): string | null {
  return input.connectionBlocker ?? amountBlocker(input.amountMinor) ?? (input.terminalId ? null : 'Pick a terminal.') ?? input.metadataBlocker;
}
