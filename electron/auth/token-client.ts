/**
 * The three calls Counterpay makes to the bank's token endpoints (docs/bank-api.md,
 * OAuth sign-in): exchange a code, refresh (rotation), revoke. The client secret
 * is always sent: the bank requires it even with PKCE.
 */
import type { Dispatcher } from 'undici';
import { systemClock, type Clock } from '../../shared/clock.js';
import type { Logger } from '../log.js';
import { checkClientConfig, normalizeBaseUrl, type OAuthClientConfig } from './oauth-config.js';
import { postForm, type OAuthHttpOptions } from './oauth-http.js';
import { parseTokenResponse, type TokenSet } from './token-set.js';

export interface TokenClient {
  exchangeCode(input: { code: string; codeVerifier: string; requestedScopes: readonly string[] }): Promise<TokenSet>;
  /** Throws InvalidGrantError when the refresh token is expired, revoked or rotated away. */
  refresh(current: Pick<TokenSet, 'refresh_token' | 'scope'> & { refresh_token: string }): Promise<TokenSet>;
  /** RFC 7009. Revoking a refresh token also ends the access tokens issued from it (Hydra). */
  revoke(token: string, hint: 'refresh_token' | 'access_token'): Promise<void>;
}

export interface TokenClientOptions {
  clock?: Clock;
  dispatcher?: Dispatcher;
  /** Every secret that passes through is registered here so no log line can carry it. */
  logger?: Logger;
}

export function createTokenClient(config: OAuthClientConfig, options: TokenClientOptions = {}): TokenClient {
  checkClientConfig(config);
  const clock = options.clock ?? systemClock;
  const http: OAuthHttpOptions = {
    baseUrl: normalizeBaseUrl(config.oauthBaseUrl),
    stagingToken: config.stagingToken ?? null,
    ...(config.timeouts ? { timeouts: config.timeouts } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  };
  const secrets = (set: TokenSet): TokenSet => {
    options.logger?.addSecret(set.access_token);
    if (set.refresh_token) options.logger?.addSecret(set.refresh_token);
    return set;
  };
  options.logger?.addSecret(config.clientSecret);
  const clientAuth = { client_id: config.clientId, client_secret: config.clientSecret };

  return {
    async exchangeCode({ code, codeVerifier, requestedScopes }) {
      options.logger?.addSecret(code);
      const sentAt = clock.now();
      const { status, body } = await postForm(http, '/oauth2/token', {
        grant_type: 'authorization_code',
        ...clientAuth,
        code,
        // Re-sent so the server can match it against the one the code was issued for (the bank allows several per app).
        redirect_uri: config.redirectUri,
        code_verifier: codeVerifier,
      });
      return secrets(parseTokenResponse(body, status, sentAt, { scope: requestedScopes }));
    },

    async refresh(current) {
      const sentAt = clock.now();
      const { status, body } = await postForm(http, '/oauth2/token', {
        grant_type: 'refresh_token',
        ...clientAuth,
        refresh_token: current.refresh_token,
      });
      return secrets(parseTokenResponse(body, status, sentAt, { scope: current.scope, refreshToken: current.refresh_token }));
    },

    async revoke(token, hint) {
      await postForm(http, '/oauth2/revoke', { ...clientAuth, token, token_type_hint: hint });
    },
  };
}
