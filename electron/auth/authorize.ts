/**
 * Desktop sign-in (RFC 8252): the system browser shows the bank's login and
 * consent, the bank redirects to our one-shot loopback listener with a code,
 * and the code is exchanged with the PKCE verifier and the client secret.
 * The browser never sees the verifier or the secret.
 */
import { APP_SCOPES } from '../../shared/domain/bank.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../log.js';
import { ListenerClosedError } from './errors.js';
import { startLoopbackListener } from './loopback-listener.js';
import type { DisplayLanguage } from '../../shared/i18n/languages.js';
import { checkClientConfig, normalizeBaseUrl, parseLoopbackRedirect, type OAuthClientConfig } from './oauth-config.js';
import { createPkcePair, createState } from './pkce.js';
import { createTokenClient, type TokenClient } from './token-client.js';
import type { TokenSet } from './token-set.js';

export interface AuthorizationRequest {
  oauthBaseUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  codeChallenge: string;
  /** Skips the bank's organization picker (docs/bank-api.md, OAuth sign-in). */
  organizationId?: string;
}

export function buildAuthorizationUrl(req: AuthorizationRequest): string {
  const url = new URL(`${normalizeBaseUrl(req.oauthBaseUrl)}/oauth2/auth`);
  const params: [string, string][] = [
    ['client_id', req.clientId],
    ['redirect_uri', req.redirectUri],
    ['response_type', 'code'],
    ['scope', req.scopes.join(' ')],
    ['state', req.state],
    ['code_challenge', req.codeChallenge],
    ['code_challenge_method', 'S256'],
  ];
  if (req.organizationId) params.push(['organization_id', req.organizationId]);
  for (const [k, v] of params) url.searchParams.set(k, v);
  return url.toString();
}

export interface SignInOptions {
  config: OAuthClientConfig;
  /** Opens the URL in the system browser: Electron's shell.openExternal in the app. */
  openExternal: (url: string) => Promise<void> | void;
  scopes?: readonly string[];
  organizationId?: string;
  /** How long to wait for the browser to come back (default 5 minutes). */
  timeoutMs?: number;
  clock?: Clock;
  /** Aborting cancels the wait (the manager closed the sign-in dialog). */
  signal?: AbortSignal;
  tokenClient?: TokenClient;
  logger?: Logger;
  /** The language of the pages the browser shows after the bank's sign-in page. */
  language?: DisplayLanguage;
}

/**
 * Resolves with the new token set; hand it to TokenManager.adoptTokens.
 * Rejects with PortInUseError before the browser opens if the redirect port
 * is taken, then with StateMismatchError, AuthorizationDeniedError,
 * ListenerTimeoutError, ListenerClosedError (aborted) or a token-endpoint error.
 */
export async function signIn(options: SignInOptions): Promise<TokenSet> {
  const { config } = options;
  checkClientConfig(config);
  const redirect = parseLoopbackRedirect(config.redirectUri);
  const scopes = options.scopes ?? APP_SCOPES;
  const pkce = createPkcePair();
  const state = createState();
  const tokenClient = options.tokenClient ?? createTokenClient(config, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });

  // Listen before the browser opens so a fast redirect cannot arrive to a closed port.
  const listener = await startLoopbackListener({
    port: redirect.port,
    path: redirect.path,
    expectedState: state,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.language ? { language: options.language } : {}),
  });
  const onAbort = () => void listener.close();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (options.signal?.aborted) throw new ListenerClosedError();
    await options.openExternal(buildAuthorizationUrl({
      oauthBaseUrl: config.oauthBaseUrl,
      clientId: config.clientId,
      redirectUri: config.redirectUri,
      scopes,
      state,
      codeChallenge: pkce.challenge,
      ...(options.organizationId ? { organizationId: options.organizationId } : {}),
    }));
    const { code } = await listener.result;
    const tokens = await tokenClient.exchangeCode({ code, codeVerifier: pkce.verifier, requestedScopes: scopes });
    const missing = scopes.filter((s) => !tokens.scope.includes(s));
    if (missing.length > 0) options.logger?.warn('the bank granted fewer scopes than asked', { missing });
    return tokens;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await listener.close();
  }
}
