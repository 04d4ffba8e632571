/**
 * `npm run journal -- <command> …`: the journal's command-line tool for accountants' scripts and
 * shop IT. This file is the dispatcher: one table of commands (adding one is a row here plus its
 * own file), `--help` for the tool and for each command, `--out FILE` for every command whose
 * standard output is a file's content (npm writes its banner into standard output, so `> file`
 * needs `npm run -s`), and a quiet end when a reader such as `head` closes the pipe early.
 * Exit codes are in cli-command.ts (EXIT) and docs/developer-guide.md.
 */
import { parseArgs } from 'node:util';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { EXIT, type CliCommand, type CliIo } from './cli-command.js';
import { exportCommand } from './export-command.js';
import { archiveCommand } from './archive-command.js';
import { verifyCommand } from './verify-cli.js';

export type { CliIo } from './cli-command.js';

/** Every command of the tool, in the order `--help` lists them. */
export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  export: exportCommand,
  verify: verifyCommand,
  archive: archiveCommand,
};

const names = (): string => Object.keys(COMMANDS).join(', ');

function toolHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  return [
    'usage: npm run -s journal -- <command> [options]',
    '       npm run -s journal -- <command> --help',
    '',
    'commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'Exit codes: 0 done; 1 the output file could not be written (or an unexpected error); 2 usage error;',
    '3 damaged lines left out, or a break in the journal chain, a signature or an archive (verify, archive); 4 the store could not be read;',
    '141 standard output closed early.',
    '',
  ].join('\n');
}

const usageOf = (c: CliCommand): string => c.usage.map((u, i) => `${i === 0 ? 'usage: ' : '       '}${u}`).join('\n');

function commandHelp(name: string, c: CliCommand): string {
  return `${usageOf(c)}\n\n${name}: ${c.summary}.\n${c.help}\n`;
}

export async function runJournalCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(toolHelp());
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    io.out(toolHelp());
    return EXIT.ok;
  }
  if (name === 'help') return runJournalCli([rest[0] ?? '', '--help'], io);
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`unknown command "${name}"; the commands are: ${names()}\n${toolHelp()}`);
    return EXIT.usage;
  }
  const fail = (message: string): number => {
    io.err(`${message}\n${usageOf(command)}\n(npm run -s journal -- ${name} --help says more)\n`);
    return EXIT.usage;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: rest, allowPositionals: true, strict: true,
      options: { ...command.options, help: { type: 'boolean', short: 'h' }, ...(command.writesOutput ? { out: { type: 'string' } } : {}) },
    });
  } catch (e) {
    return fail((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.out(commandHelp(name, command));
    return EXIT.ok;
  }
  if (positionals.length) return fail(`unexpected argument "${positionals[0]}"`);
  const outFile = typeof values.out === 'string' ? values.out : undefined;
  if (values.out !== undefined && !outFile) return fail('--out needs a file name');
  if (outFile === undefined) return command.run(values, io, fail);

  // Collected and written whole at the end, so a failed run never leaves a half-written file.
  const chunks: (string | Uint8Array)[] = [];
  const code = await command.run(values, { ...io, out: (t) => void chunks.push(t) }, fail);
  if (chunks.length === 0) return code;
  try {
    await writeFileAtomic(outFile, chunks.every((c) => typeof c === 'string') ? chunks.join('') : Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))));
  } catch (e) {
    io.err(`Cannot write ${outFile}: ${(e as Error).message}\n`);
    return EXIT.failed;
  }
  io.err(`Written to ${outFile}.\n`);
  return code;
}

/** An early-closed standard output (`| head`) ends the tool quietly instead of with a stack trace. */
function endQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(EXIT.closedPipe);
  });
  process.stderr.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
}

// Run only when executed directly, so tests can call runJournalCli in-process.
if (process.argv[1] && /history[\\/]cli\.ts$/.test(process.argv[1])) {
  endQuietlyOnClosedPipe();
  try {
    process.exitCode = await runJournalCli(process.argv.slice(2), {
      out: (t) => void process.stdout.write(t),
      err: (t) => void process.stderr.write(t),
      ...(process.env.COUNTERPAY_STORE_URL ? { storeUrl: process.env.COUNTERPAY_STORE_URL } : {}),
    });
  } catch (e) {
    process.stderr.write(`journal: ${(e as Error).message}\n`);
    process.exitCode = EXIT.failed;
  }
}
