/**
 * `npm run journal` in-process, as the tests call it: what it wrote to standard output and
 * standard error, and its exit code. One helper so every suite reads the tool the same way.
 */
import { runJournalCli } from '../cli.js';

export async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runJournalCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}
