/**
 * What one command of `npm run journal` is, so the dispatcher (cli.ts) can parse, explain and run
 * every command the same way and a new command is one row of its table plus its own file.
 */
import type { ParseArgsConfig } from 'node:util';

export interface CliIo {
  /** Standard output: text, or bytes for a binary file (an xlsx workbook). */
  out: (content: string | Uint8Array) => void;
  err: (text: string) => void;
  /** COUNTERPAY_STORE_URL, when set. */
  storeUrl?: string;
}

/** Exit codes shared by every command; docs/developer-guide.md lists them for scripts. */
export const EXIT = {
  ok: 0,
  /** The output file could not be written, or an unexpected error. */
  failed: 1,
  usage: 2,
  /** Damaged journal lines or store rows were left out of the output. */
  damaged: 3,
  /** The store could not be read (unreachable, refused, not a store, newer schema). */
  storeUnreadable: 4,
  /** Whoever read standard output closed it early (`| head`), as a program ended by SIGPIPE would. */
  closedPipe: 141,
} as const;

export type OptionValues = Record<string, string | boolean | undefined>;

export interface CliCommand {
  /** One line for the list of commands. */
  summary: string;
  /** Usage lines, without the leading "usage: ". */
  usage: readonly string[];
  /** What the options mean and what the command writes, for `<command> --help`. */
  help: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** True when the command's standard output is a file's content, which `--out FILE` may write instead. */
  writesOutput: boolean;
  /** Returns the exit code; `fail` words a usage error and returns its code. */
  run(values: OptionValues, io: CliIo, fail: (message: string) => number): Promise<number>;
}
