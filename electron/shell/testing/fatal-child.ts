/**
 * Child process for fatal-errors.test.ts: journals a burst of attempts and
 * throws an uncaught error while those writes are still in flight, with the
 * app's fatal handlers installed. argv[2] is the data folder.
 */
import { createLogger } from '../../log.js';
import { Journal } from '../../payments/journal.js';
import { newAttempt } from '../../payments/new-attempt.js';
import { SALE, T0 } from '../../payments/testing/engine-fixture.js';
import { installFatalHandlers } from '../fatal-errors.js';

const BURST = 50;

const dataDir = process.argv[2] ?? '';
const { journal } = await Journal.open(dataDir);
installFatalHandlers({
  proc: process,
  logger: createLogger((line) => process.stderr.write(line + '\n')),
  tell: (title, message) => process.stdout.write(JSON.stringify({ title, message }) + '\n'),
  shutdown: () => journal.close(),
  exit: (code) => process.exit(code),
});
for (let i = 0; i < BURST; i++) {
  const a = newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0 + i);
  void journal.append('create', T0 + i, [a], () => []);
}
setImmediate(() => {
  throw new Error('a bug in some handler');
});
