/**
 * npm run harness -- --port N [--api-base-url URL] [--data-dir DIR] [--test-controls] [--dev-reload]
 *   [--training-role owner|admin|employee] [--training-scopes a,b,c] [--store-url URL] [--register-name NAME]
 *   [--clock-offset-ms N] (this register's clock set N ms off the machine's, as a shop PC drifts)
 * (COUNTERPAY_STORE_URL stands for --store-url, so the password stays out of the process list.)
 * Serves the real renderer at http://127.0.0.1:N/ backed by the real core.
 */
import { mkdtempSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ManualClock } from '../../shared/clock.js';
import { bootCore } from '../../electron/core/boot.js';
import { createLogger } from '../../electron/log.js';
import { watchRendererForReload } from '../../electron/shell/dev-reload.js';
import { startSandbox } from '../../electron/sandbox/index.js';
import { SANDBOX_ROLES, type SandboxRole } from '../../electron/sandbox/seed-ids.js';
import { APP_SCOPES } from '../../shared/domain/bank.js';
import { isRegisterName, REGISTER_NAME_MAX } from '../../shared/validation/register-name.js';
import { startFaultProxy } from './fault-proxy.js';
import { startHarnessServer } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5174' },
    'api-base-url': { type: 'string' },
    'data-dir': { type: 'string' },
    'test-controls': { type: 'boolean', default: false },
    'training-role': { type: 'string', default: 'owner' },
    'training-scopes': { type: 'string' },
    // npm run dev: reload the open pages whenever dist/renderer is rebuilt.
    'dev-reload': { type: 'boolean', default: false },
    'store-url': { type: 'string' },
    'register-name': { type: 'string' },
    'clock-offset-ms': { type: 'string', default: '0' },
    // Where the files the app saves (the journal archive) land: no save dialog behind a browser.
    'downloads-dir': { type: 'string' },
  },
});

const role = values['training-role'];
if (!SANDBOX_ROLES.includes(role as SandboxRole)) {
  console.error(`--training-role must be one of ${SANDBOX_ROLES.join(', ')}, got "${role}"`);
  process.exit(2);
}
const scopes = values['training-scopes']?.split(',').map((x) => x.trim()).filter(Boolean) ?? [...APP_SCOPES];

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a TCP port number, got "${values.port}"`);
  process.exit(2);
}

const clockOffsetMs = Number(values['clock-offset-ms']);
if (!Number.isSafeInteger(clockOffsetMs)) {
  console.error(`--clock-offset-ms must be a whole number of milliseconds, got "${values['clock-offset-ms']}"`);
  process.exit(2);
}

const logger = createLogger();
const clock = clockOffsetMs === 0 ? new ManualClock() : new ManualClock({ start: Date.now() + clockOffsetMs });
const dataDir = resolve(values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'counterpay-harness-')));
// With test controls, the core reaches the bank through a relay a test can unplug.
const sandbox = values['api-base-url'] ? null : await startSandbox({ clock });
const bankUrl = values['api-base-url'] ?? sandbox!.url;
const proxy = values['test-controls'] ? await startFaultProxy(new URL(bankUrl)) : null;
// There is no system browser to drive here: the sign-in page's URL is printed for a person, and kept for a test.
let lastExternalUrl: string | null = null;
const openExternal = (url: string) => {
  lastExternalUrl = url;
  console.info(`Open this address in a browser to sign in to the bank: ${url}`);
};
// The app's save dialog, answered without asking: each file goes into this folder under the name suggested.
const downloadsDir = resolve(values['downloads-dir'] ?? mkdtempSync(join(tmpdir(), 'counterpay-harness-downloads-')));
const chooseSavePath = async (name: string): Promise<string> => {
  await mkdir(downloadsDir, { recursive: true });
  const file = join(downloadsDir, name);
  console.info(`saving ${file}`);
  return file;
};
const registerName = values['register-name'];
if (registerName !== undefined && !isRegisterName(registerName)) {
  console.error(`--register-name must be 1 to ${REGISTER_NAME_MAX} visible characters on one line, got "${registerName}"`);
  process.exit(2);
}
const storeUrl = values['store-url'] ?? process.env.COUNTERPAY_STORE_URL ?? null;
const store = storeUrl
  ? { url: storeUrl, registerName: registerName ?? null, source: values['store-url'] ? 'command_line' as const : 'environment' as const }
  : null;
if (store) logger.addSecret(store.url);
let booted: Awaited<ReturnType<typeof bootCore>>;
try {
  booted = await bootCore({ dataDir, logger, clock, apiBaseUrl: proxy?.url ?? bankUrl, openExternal, store, holder: 'the Counterpay harness (npm run harness)',
    trainingAs: { role: role as SandboxRole, scopes },
    // No printer behind a browser: the page prints itself (the e2e tests print it to PDF); COUNTERPAY_SMTP_URL as in the app.
    receipts: { printer: async (job) => console.info(`print job: ${JSON.stringify(job)}`), smtpUrl: process.env.COUNTERPAY_SMTP_URL ?? null },
    chooseSavePath,
  });
} catch (e) {
  // The data folder held by another process, a folder that cannot be opened: say it in one line and stop.
  console.error(`Counterpay harness could not start: ${e instanceof Error ? e.message : String(e)}`);
  await proxy?.close();
  await sandbox?.close();
  process.exit(1);
}

const rendererDir = resolve('dist/renderer');
const harness = await startHarnessServer({
  core: booted.core,
  rendererDir,
  port,
  controls: proxy
    ? {
        advanceClock: (ms) => {
          clock.advance(ms);
        },
        setNetworkDown: (down) => proxy.setDown(down),
        lastExternalUrl: () => lastExternalUrl,
      }
    : undefined,
});

if (values['dev-reload']) watchRendererForReload(rendererDir, () => harness.reloadPages(), logger);

console.info(`Counterpay harness: ${harness.url} (bank ${bankUrl}, data ${dataDir}${proxy ? ', test controls on' : ''})`);

const stop = async () => {
  await harness.close();
  await booted.close();
  await proxy?.close();
  await sandbox?.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
