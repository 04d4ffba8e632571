/**
 * npm run store -- [--port N]
 * Starts a throwaway local store (a real PostgreSQL in a temporary folder, made a Counterpay
 * store) for anyone who wants to try store mode, prints its URL, and removes it on Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { StoreConnection } from './connection.js';
import { startLocalCluster } from './local-cluster.js';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) {
  console.error(`--port must be a TCP port number, got "${values.port}"`);
  process.exit(2);
}

const cluster = await startLocalCluster(port === undefined ? {} : { port });
const url = cluster.url();
// Migrated now so the first register finds a ready store.
const probe = await StoreConnection.open({ url, registerId: 'store-cli', registerName: 'store set-up' });
await probe.withClient((c) => c.query(`DELETE FROM registers WHERE register_id = 'store-cli'`));
await probe.close();

console.info(`Counterpay store running (throwaway data in ${cluster.dir}). Store URL:\n${url}`);
console.info('Give it to a register: npm run harness -- --store-url URL --register-name "Caisse 1"   (Ctrl-C stops and deletes the store)');

const stop = async () => {
  await cluster.destroy();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
