/**
 * The bank sandbox or production: the API client takes its tokens from the
 * environment's TokenManager (proactive, serialized refresh; rotated pair
 * saved before use; invalid_grant signs the register out), and sign-in runs
 * the desktop OAuth flow in the system browser.
 *
 * Until a manager has entered the settings and the client secret the session
 * is "not set up": every token request fails with a SignedOutError that says
 * what is missing, so a journaled attempt that resumes here stays send_failed
 * with its key instead of going anywhere.
 */
import type { DisplayLanguage } from '../../../shared/i18n/languages.js';
import type { Dispatcher } from 'undici';
import type { Clock } from '../../../shared/clock.js';
import type { AppState, BankEnvironment, BankEnvironmentSettings } from '../../../shared/ipc/types.js';
import { createBankApi } from '../../api/index.js';
import type { BankApi } from '../../api/types.js';
import {
  SignedOutError, TokenManager, createTokenClient, signIn, type OAuthClientConfig, type TokenClient,
} from '../../auth/index.js';
import type { Logger } from '../../log.js';
import { DeprecationLog } from '../deprecations.js';
import type { EnvironmentSecrets } from '../environment-secrets.js';
import type { EnvironmentSession } from './session.js';

const LABEL: Record<BankEnvironment, string> = { sandbox: 'bank sandbox', production: 'production bank connection' };
/** Never contacted: with no settings no token exists, so no request is ever sent. */
const UNCONFIGURED_BASE_URL = 'http://unconfigured.invalid';

export function redirectUriFor(port: number): string {
  return `http://127.0.0.1:${port}/callback`;
}

export function notSetUpMessage(env: BankEnvironment): string {
  return `The ${LABEL[env]} is not set up: a manager must enter its settings and client secret (Back office → Settings).`;
}

export interface BankSessionOptions {
  environment: BankEnvironment;
  settings: BankEnvironmentSettings | null;
  secrets: EnvironmentSecrets;
  clock: Clock;
  logger: Logger;
  /** Tests: count or redirect the OAuth requests. */
  oauthDispatcher?: Dispatcher;
}

export interface SignInRequest {
  openExternal: (url: string) => Promise<void> | void;
  signal: AbortSignal;
  timeoutMs?: number;
  language?: DisplayLanguage;
}

export class BankSession implements EnvironmentSession {
  readonly environment: BankEnvironment;
  readonly api: BankApi;
  readonly apiBaseUrl: string;
  readonly deprecations = new DeprecationLog();
  readonly connection = { status: (): AppState['connection'] => this.status() };
  /** Null while the environment is not set up. */
  readonly manager: TokenManager | null;
  private readonly oauth: OAuthClientConfig | null;
  private readonly tokenClient: TokenClient | null;
  private readonly listeners = new Set<() => void>();
  private readonly unwatch: () => void;

  constructor(private readonly options: BankSessionOptions) {
    const { environment: env, settings, secrets, clock, logger } = options;
    this.environment = env;
    const clientSecret = secrets.clientSecret(env);
    const stagingToken = secrets.stagingToken(env);
    this.oauth = settings && clientSecret
      ? { oauthBaseUrl: settings.oauthBaseUrl, clientId: settings.clientId, clientSecret, redirectUri: redirectUriFor(settings.redirectPort), stagingToken }
      : null;
    this.tokenClient = this.oauth
      ? createTokenClient(this.oauth, { clock, logger, ...(options.oauthDispatcher ? { dispatcher: options.oauthDispatcher } : {}) })
      : null;
    this.manager = this.tokenClient ? new TokenManager({ env, vault: secrets.vault, tokenClient: this.tokenClient, clock, logger }) : null;
    this.unwatch = this.manager?.onStatusChange(() => this.listeners.forEach((l) => l())) ?? (() => undefined);
    const manager = this.manager;
    this.apiBaseUrl = this.oauth && settings ? settings.apiBaseUrl : UNCONFIGURED_BASE_URL;
    this.api = createBankApi({
      baseUrl: this.apiBaseUrl,
      stagingToken,
      getAccessToken: () => (manager ? manager.getAccessToken() : Promise.reject(new SignedOutError(notSetUpMessage(env)))),
      onUnauthorized: () => (manager ? manager.onUnauthorized() : Promise.resolve(false)),
      onDeprecation: (n) => this.deprecations.add(n),
      logger,
    });
  }

  get isSetUp(): boolean {
    return this.manager !== null;
  }

  status(): AppState['connection'] {
    if (!this.manager) return { status: 'signed_out', message: notSetUpMessage(this.environment), grantedScopes: [] };
    const s = this.manager.status();
    return s.signedIn
      ? { status: 'connected', message: s.message, grantedScopes: s.scopes }
      : { status: 'signed_out', message: s.message, grantedScopes: [] };
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The browser step and the code exchange; the new pair is saved before it is used. Throws the auth module's typed errors. */
  async signIn(req: SignInRequest): Promise<void> {
    if (!this.oauth || !this.manager || !this.tokenClient) throw new SignedOutError(notSetUpMessage(this.environment));
    const tokens = await signIn({
      config: this.oauth,
      openExternal: req.openExternal,
      signal: req.signal,
      ...(req.language ? { language: req.language } : {}),
      clock: this.options.clock,
      tokenClient: this.tokenClient,
      logger: this.options.logger,
      ...(req.timeoutMs !== undefined ? { timeoutMs: req.timeoutMs } : {}),
    });
    await this.manager.adoptTokens(tokens);
  }

  /** Revokes at the bank where it allows (failures are logged only) and forgets the tokens. */
  async signOut(): Promise<void> {
    if (this.manager) await this.manager.signOut();
    else await this.options.secrets.clearTokens(this.environment);
  }

  async close(): Promise<void> {
    this.unwatch();
    this.listeners.clear();
    await this.api.close();
  }
}
