/**
 * When each terminal was last used is a convenience for the manager and for the counter's
 * picker, never part of a sale, yet noting it costs an atomic file write (two fsyncs), or two
 * SQL round trips in store mode. Awaited inside the charge it made the cashier wait for it, and
 * its fsyncs queued beside the journal's. So a charge only notes the use in memory; it is
 * written once that attempt has had its first answer (the window has been told by then), and
 * whatever is still waiting is written when the core closes. Writing it never fails a sale.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Logger } from '../log.js';
import type { TerminalDirectory } from '../terminals/terminal-directory.js';

interface Use {
  terminalId: string;
  /** When the charge was made (ISO), not when the note is written. */
  at: string;
  registerId: string;
}

export interface LastUsesOptions {
  directory: () => TerminalDirectory;
  /** The attempt's state as the engine has it now (undefined: not in the journal). */
  stateOf: (attemptId: string) => Attempt['state'] | undefined;
  /** After a use was written: the terminals view is announced again. */
  written: () => Promise<void>;
  logger: Logger;
}

export class LastUses {
  /** By attempt id: the uses whose attempt is still being sent. */
  private readonly waiting = new Map<string, Use>();
  private writes: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: LastUsesOptions) {}

  /** A charge was journaled: its terminal's use is written after the attempt's first answer. */
  note(attempt: Attempt, at: number): void {
    const use = { terminalId: attempt.terminalId, at: new Date(at).toISOString(), registerId: attempt.registerId };
    if (this.closed || this.options.stateOf(attempt.id) !== 'sending') this.write(use);
    else this.waiting.set(attempt.id, use);
  }

  /** Every committed change of an attempt (the engine's record listener). */
  heard(attempt: Attempt): void {
    const use = this.waiting.get(attempt.id);
    if (!use || attempt.state === 'sending') return;
    this.waiting.delete(attempt.id);
    this.write(use);
  }

  /** Writes every use still waiting, then resolves once all writes are done. */
  async close(): Promise<void> {
    this.closed = true;
    for (const use of this.waiting.values()) this.write(use);
    this.waiting.clear();
    await this.writes;
  }

  /** Resolves once every write started so far is done (tests). */
  settled(): Promise<void> {
    return this.writes;
  }

  private write(use: Use): void {
    this.writes = this.writes.then(async () => {
      try {
        await this.options.directory().recordUse(use.terminalId, use.at, use.registerId);
        await this.options.written();
      } catch (e) {
        this.options.logger.warn('could not note the terminal\'s last use', { error: e instanceof Error ? e.message : String(e) });
      }
    });
  }
}
