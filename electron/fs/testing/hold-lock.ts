/** Child process for data-dir-lock tests: takes the lock on argv[2] (argv[3]: platform scheme), says so, then waits to be killed. */
import { lockDataDir } from '../data-dir-lock.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: hold-lock.ts DIR');
try {
  await lockDataDir(dir, 'the lock test holder', (process.argv[3] as NodeJS.Platform | undefined) ?? process.platform);
  console.info('holding');
  setInterval(() => undefined, 60_000);
} catch (e) {
  console.info(`refused: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(3);
}
