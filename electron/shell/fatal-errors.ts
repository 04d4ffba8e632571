/**
 * A programming error must not leave a till in an unknown state, nor a journal
 * record half written. An uncaught exception or unhandled rejection is logged
 * with its stack, told to the person at the counter in plain words, and the app
 * closes the core (which finishes the journal write in progress and fsyncs it)
 * before it exits. The journal then restores every open attempt at the next start.
 */
import type { Logger } from '../log.js';

export const FATAL_TITLE = 'Counterpay has to close';
export const FATAL_MESSAGE =
  'Counterpay ran into an unexpected problem and has to close. Payments already sent are safe: ' +
  'open Counterpay again and it picks up where it stopped. If this happens again, tell your manager.';

export interface FatalHandlerOptions {
  /** process, or a stand-in in tests. */
  proc: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
  logger: Logger;
  /** Shows FATAL_MESSAGE (a dialog in the app). */
  tell(title: string, message: string): void;
  /** Closes the core; bounded by the caller. */
  shutdown(): Promise<void>;
  exit(code: number): void;
}

export function installFatalHandlers(opts: FatalHandlerOptions): () => void {
  let handling = false;
  const onFatal = (kind: string) => (error: unknown) => {
    const e = error instanceof Error ? error : new Error(String(error));
    opts.logger.error(kind, { message: e.message, stack: e.stack ?? '' });
    if (handling) return;
    handling = true;
    try {
      opts.tell(FATAL_TITLE, FATAL_MESSAGE);
    } catch {
      // Telling is best effort; closing the journal is not.
    }
    opts.shutdown()
      .catch((closeError: unknown) => opts.logger.error('close after a fatal error failed', { message: String(closeError) }))
      .finally(() => opts.exit(1));
  };
  const exception = onFatal('uncaught exception');
  const rejection = onFatal('unhandled rejection');
  opts.proc.on('uncaughtException', exception);
  opts.proc.on('unhandledRejection', rejection);
  return () => {
    opts.proc.off('uncaughtException', exception);
    opts.proc.off('unhandledRejection', rejection);
  };
}
