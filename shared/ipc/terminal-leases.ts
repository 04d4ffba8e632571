/**
 * Store mode: which terminals other registers are using now, so the picker says so before
 * Charge rather than after it. Its own file so the contract's table needs one import.
 */

export interface TerminalHeldElsewhere {
  terminalId: string;
  /** The other register's name ("Caisse 2"). */
  registerName: string;
  /** How long it has held the terminal, measured on the store's clock. */
  heldForMs: number;
}

export interface TerminalLeasesView {
  /** null: this register works alone, or the store did not answer (nothing is known about other registers). */
  heldElsewhere: TerminalHeldElsewhere[] | null;
}
