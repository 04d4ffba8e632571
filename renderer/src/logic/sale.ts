/**
 * Whether the counter may charge, and if not, the one sentence that says why (as words to put in the screen language).
 * The same shared rules as the main process, so a refusal there is never the
 * first time the cashier hears of a problem.
 */
import type { TerminalsView } from '../../../shared/ipc/types.js';
import { amountIssues, MAX_PAYMENT_MINOR, MIN_PAYMENT_MINOR } from '../../../shared/validation/terminal-payment.js';
import type { Words } from '../../../shared/i18n/translate.js';

/** The terminal the sale goes to: the cashier's pick if still listed, otherwise the default unless it vanished. */
export function effectiveTerminalId(chosen: string | null, view: TerminalsView | null): string | null {
  if (!view) return null;
  const listed = (id: string | null): id is string => id !== null && view.terminals.some((t) => t.id === id);
  if (listed(chosen)) return chosen;
  if (!view.defaultMissing && listed(view.defaultTerminalId)) return view.defaultTerminalId;
  return null;
}

/** The shared rule decides; the words carry the limit as an amount, so each language writes it its own way. */
export function amountBlocker(amountMinor: number): Words | null {
  if (amountMinor === 0) return { id: 'sale.typeAmount' };
  switch (amountIssues(amountMinor)[0]?.code) {
    case undefined: return null;
    case 'too_small': return { id: 'sale.amountTooSmall', values: { min: MIN_PAYMENT_MINOR / 100 } };
    case 'too_large': return { id: 'sale.amountTooLarge', values: { max: MAX_PAYMENT_MINOR / 100 } };
    default: return { id: 'sale.amountInvalid' };
  }
}

export interface ChargeInput {
  amountMinor: number;
  terminalId: string | null;
  metadataBlocker: Words | null;
  /** From connectionBlocker: nothing else matters while no payment can reach the bank. */
  connectionBlocker: Words | null;
}

export function chargeBlocker(input: ChargeInput): Words | null {
  return input.connectionBlocker ?? amountBlocker(input.amountMinor) ?? (input.terminalId ? null : { id: 'sale.pickTerminal' }) ?? input.metadataBlocker;
}
