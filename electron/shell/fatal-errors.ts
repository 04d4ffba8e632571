/**
 * A programming error must not leave a till in an unknown state, nor a journal
 * record half written. An uncaught exception or unhandled rejection is logged
 * with its stack, told to the person at the counter in plain words, and the app
 * closes the core (which finishes the journal write in progress and fsyncs it)
 * before it exits. The journal then restores every open attempt at the next start.
 */
import type { DisplayLanguage } from '../../shared/i18n/languages.js';
import type { Logger } from '../log.js';
import { FATAL_WORDS_EN, fatalWords } from './shell-words.js';

export const FATAL_TITLE = FATAL_WORDS_EN.title;
export const FATAL_MESSAGE = FATAL_WORDS_EN.message;

export interface FatalHandlerOptions {
  /** process, or a stand-in in tests. */
  proc: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
  logger: Logger;
  /** Shows the fatal message (a dialog in the app). */
  tell(title: string, message: string): void;
  /** The language of that message; English when not given (tests). */
  language?: () => DisplayLanguage;
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
      const words = opts.language ? fatalWords(opts.language()) : FATAL_WORDS_EN;
      opts.tell(words.title, words.message);
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
