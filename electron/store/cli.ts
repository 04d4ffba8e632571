/**
 * npm run store -- [--port N]
 * Starts a throwaway local store (a real PostgreSQL in a temporary folder, made a Counterpay
 * store) for anyone who wants to try store mode, prints its URL, and removes it on Ctrl-C.
 * If the server dies on its own (killed, out of disk), the command says so, removes the
 * temporary folder and exits with status 1 instead of vanishing and leaving the folder behind.
 */
import { parseArgs } from 'node:util';
import { StoreConnection } from './connection.js';
import { startLocalCluster, type LocalCluster } from './local-cluster.js';

/** The server died on its own; documented in docs/shop-it-guide.md. */
const SERVER_DIED_EXIT = 1;

const USAGE = 'usage: npm run store -- [--port N]   (Ctrl-C stops the store and deletes it)';
let values;
try {
  ({ values } = parseArgs({ options: { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
} catch (e) {
  console.error(`${(e as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.info(`${USAGE}\nStarts a throwaway Counterpay store (a local PostgreSQL in a temporary folder) and prints its URL.\nExit status: 0 after Ctrl-C, 1 when the server stops on its own or cannot start, 2 for a usage error.`);
  process.exit(0);
}
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) {
  console.error(`--port must be a TCP port number, got "${values.port}"`);
  process.exit(2);
}

let cluster: LocalCluster;
try {
  cluster = await startLocalCluster(port === undefined ? {} : { port });
} catch (e) {
  // startLocalCluster removes its folder itself when the server does not come up.
  console.error(`The store could not start: ${(e as Error).message}`);
  process.exit(1);
}
let ending = false;
const end = async (code: number) => {
  if (ending) return;
  ending = true;
  await cluster.destroy();
  process.exit(code);
};
cluster.onUnexpectedExit((why, lastLog) => {
  console.error(`The store's PostgreSQL server stopped on its own (${why})${lastLog ? `; its last message: ${lastLog}` : ''}.`);
  console.error(`Its throwaway data in ${cluster.dir} is being removed. Registers pointed at it now work alone; run npm run store again for a new, empty store.`);
  void end(SERVER_DIED_EXIT);
});

const url = cluster.url();
try {
  // Migrated now so the first register finds a ready store.
  const probe = await StoreConnection.open({ url, registerId: 'store-cli', registerName: 'store set-up' });
  await probe.withClient((c) => c.query(`DELETE FROM registers WHERE register_id = 'store-cli'`));
  await probe.close();
} catch (e) {
  console.error(`The store could not be set up: ${(e as Error).message}`);
  await end(1);
}

console.info(`Counterpay store running (throwaway data in ${cluster.dir}). Store URL:\n${url}`);
console.info('Give it to a register: npm run harness -- --store-url URL --register-name "Caisse 1"   (Ctrl-C stops and deletes the store)');

process.on('SIGINT', () => void end(0));
process.on('SIGTERM', () => void end(0));
