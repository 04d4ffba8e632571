/**
 * Starts the core the way the app and the harness need it. Out of the box this
 * is training mode: the embedded sandbox runs in-process on a loopback port and
 * a training token is minted from it, so `npm start` needs no account.
 */
import { join } from 'node:path';
import { ManualClock, type Clock } from '../../shared/clock.js';
import { APP_SCOPES } from '../../shared/domain/bank.js';
import type { Environment } from '../../shared/ipc/types.js';
import { createBankApi } from '../api/index.js';
import { createLogger, type Logger } from '../log.js';
import { startSandbox, type Sandbox } from '../sandbox/index.js';
import { createCore } from './create-core.js';
import { DeprecationLog } from './deprecations.js';
import { TrainingTokenSource, httpMint } from './training-token.js';
import type { Core } from './types.js';

export interface BootOptions {
  dataDir: string;
  logger?: Logger;
  /** Shared with the embedded sandbox so tests can jump over the 120 s deadline. */
  clock?: ManualClock;
  /** Use a sandbox that is already running (e.g. `npm run sandbox`) instead of starting one. */
  apiBaseUrl?: string;
}

export interface BootedCore {
  core: Core;
  environment: Environment;
  sandbox: Sandbox | null;
  apiBaseUrl: string;
  close(): Promise<void>;
}

export async function bootCore(opts: BootOptions): Promise<BootedCore> {
  const logger = opts.logger ?? createLogger();
  const clock: Clock = opts.clock ?? new ManualClock();
  const sandbox = opts.apiBaseUrl ? null : await startSandbox({ clock: opts.clock ?? (clock as ManualClock) });
  const apiBaseUrl = opts.apiBaseUrl ?? sandbox!.url;
  const mint = sandbox
    ? async () => sandbox.mintToken({ organization: 'fr', role: 'owner' })
    : httpMint(apiBaseUrl);
  const tokens = new TrainingTokenSource(mint, clock, (t) => logger.addSecret(t));
  const deprecations = new DeprecationLog();
  const api = createBankApi({
    baseUrl: apiBaseUrl,
    getAccessToken: tokens.getAccessToken,
    onUnauthorized: tokens.onUnauthorized,
    onDeprecation: (n) => deprecations.add(n),
    logger,
  });
  const core = await createCore({
    environment: 'training',
    dataDir: join(opts.dataDir, 'training'),
    api,
    deprecations,
    connection: { status: () => ({ status: 'connected', message: null, grantedScopes: [...APP_SCOPES] }) },
    clock,
    logger,
  });
  logger.info('core ready', { environment: 'training', apiBaseUrl });
  return {
    core,
    environment: 'training',
    sandbox,
    apiBaseUrl,
    async close() {
      await core.close();
      await api.close();
      await sandbox?.close();
    },
  };
}
