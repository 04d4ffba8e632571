/**
 * Training: the embedded sandbox (or a Counterpay sandbox started elsewhere)
 * and a token minted from its helper. The sandbox starts the first time
 * training opens and then lives as long as the app, so switching away and
 * back finds the same payments the training journal refers to.
 */
import type { Clock } from '../../../shared/clock.js';
import { APP_SCOPES } from '../../../shared/domain/bank.js';
import { createBankApi } from '../../api/index.js';
import type { Logger } from '../../log.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { DeprecationLog } from '../deprecations.js';
import { TrainingTokenSource, httpMint, type Mint } from '../training-token.js';
import type { EnvironmentSession } from './session.js';
import type { SandboxRole } from '../../sandbox/seed-ids.js';

export interface TrainingBackendOptions {
  /** A Counterpay sandbox started elsewhere (`npm run sandbox`); without it the embedded one starts. */
  apiBaseUrl?: string;
  /** The embedded sandbox's clock: the bank's own time (tests hand it their ManualClock to move it). */
  clock: Clock;
  /** Who training acts as (default the owner, with every scope the app asks for): tests walk the employee's screens with it. */
  as?: TrainingIdentity;
}

export interface TrainingIdentity {
  role: SandboxRole;
  scopes: string[];
}

const OWNER: TrainingIdentity = { role: 'owner', scopes: [...APP_SCOPES] };

export class TrainingBackend {
  private embedded: Sandbox<Clock> | null = null;
  private starting: Promise<{ url: string; mint: Mint }> | null = null;

  constructor(private readonly options: TrainingBackendOptions) {}

  /** The embedded sandbox, once training has been opened (null with apiBaseUrl). */
  get sandbox(): Sandbox<Clock> | null {
    return this.embedded;
  }

  get identity(): TrainingIdentity {
    return this.options.as ?? OWNER;
  }

  start(): Promise<{ url: string; mint: Mint }> {
    const { role, scopes } = this.identity;
    // offline_access is an OAuth scope: a minted token has no refresh token to need it.
    const apiScopes = scopes.filter((x) => x !== 'offline_access');
    this.starting ??= (async () => {
      const external = this.options.apiBaseUrl;
      if (external) return { url: external, mint: httpMint(external, 'fr', role, apiScopes) };
      const sandbox = await startSandbox({ clock: this.options.clock });
      this.embedded = sandbox;
      return { url: sandbox.url, mint: async () => sandbox.mintToken({ organization: 'fr', role, scopes: apiScopes }) };
    })();
    return this.starting;
  }

  async close(): Promise<void> {
    await this.embedded?.close();
    this.embedded = null;
    this.starting = null;
  }
}

/** elapsed: a token's lifetime is a duration, measured on the clock no one sets. */
export async function openTrainingSession(backend: TrainingBackend, elapsed: Clock, logger: Logger): Promise<EnvironmentSession> {
  const { url, mint } = await backend.start();
  const tokens = new TrainingTokenSource(mint, elapsed, (t) => logger.addSecret(t));
  const deprecations = new DeprecationLog();
  const api = createBankApi({
    baseUrl: url,
    getAccessToken: tokens.getAccessToken,
    onUnauthorized: tokens.onUnauthorized,
    onDeprecation: (n) => deprecations.add(n),
    logger,
  });
  return {
    environment: 'training',
    api,
    apiBaseUrl: url,
    deprecations,
    connection: { status: () => ({ status: 'connected', message: null, grantedScopes: [...backend.identity.scopes] }) },
    onChange: () => () => undefined,
    close: () => api.close(),
  };
}
