/**
 * The session of one register with the bank, for one environment: hands out
 * access tokens, refreshes them before they expire, and ends the session when
 * the bank says the grant is gone.
 *
 * Refreshes are serialized: the bank rotates the refresh token on every use
 * and the old one dies 60 s later (docs/bank-api.md, OAuth sign-in), so two refreshes in
 * parallel would race and one register could sign itself out. Every caller
 * that needs a refresh while one is in flight awaits that same promise, and
 * the rotated pair is written to the vault before anyone gets the new token.
 */
import { systemClock, type Clock } from '../../shared/clock.js';
import type { Environment } from '../../shared/ipc/types.js';
import type { Logger } from '../log.js';
import {
  AuthError, InvalidGrantError, NOT_SIGNED_IN_MESSAGE, SESSION_ENDED_MESSAGE, SignedOutError,
} from './errors.js';
import type { Persistence } from './secret-cipher.js';
import type { TokenClient } from './token-client.js';
import type { TokenSet } from './token-set.js';
import type { TokenVault } from './vault.js';

export interface AuthStatus {
  signedIn: boolean;
  scopes: string[];
  message: string | null;
  persistence: Persistence;
}

export interface TokenManagerOptions {
  env: Environment;
  vault: TokenVault;
  tokenClient: TokenClient;
  clock?: Clock;
  logger?: Logger;
  /** Refresh when less than this is left (default 60 s). */
  refreshMarginMs?: number;
  /** A 401 this soon after a refresh does not trigger another one (default 5 s). */
  unauthorizedGraceMs?: number;
}

const NO_OFFLINE_ACCESS_MESSAGE = 'The bank sign-in expired and the bank did not allow renewing it (offline_access not granted). A manager must sign in again.';
const NOT_SAVED_MESSAGE = 'The renewed bank sign-in could not be saved to disk; this register stays signed in until Counterpay closes.';
/** Below this, a token is not worth sending: it would expire on the way. */
const MIN_USABLE_MS = 5_000;

function describe(e: unknown): string {
  return e instanceof AuthError ? `${e.code}: ${e.message}` : e instanceof Error ? e.message : String(e);
}

export class TokenManager {
  private tokens: TokenSet | null;
  private message: string | null;
  private inflight: Promise<TokenSet> | null = null;
  /** Bumped by sign-in and sign-out so a refresh that started before cannot resurrect an old session. */
  private generation = 0;
  private lastRefreshAt: number | null = null;
  private readonly listeners = new Set<(status: AuthStatus) => void>();
  private readonly clock: Clock;
  private readonly tokenClient: TokenClient;

  constructor(private readonly options: TokenManagerOptions) {
    this.clock = options.clock ?? systemClock;
    this.tokenClient = options.tokenClient;
    this.tokens = options.vault.getTokens(options.env);
    this.message = this.tokens ? null : NOT_SIGNED_IN_MESSAGE;
  }

  status(): AuthStatus {
    return {
      signedIn: this.tokens !== null,
      scopes: [...(this.tokens?.scope ?? [])],
      message: this.message,
      persistence: this.options.vault.persistence,
    };
  }

  hasScope(scope: string): boolean {
    return this.tokens?.scope.includes(scope) ?? false;
  }

  onStatusChange(listener: (status: AuthStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Throws SignedOutError when there is no session, or the bank ended it. */
  async getAccessToken(): Promise<string> {
    const current = this.requireTokens();
    if (current.expires_at - this.clock.now() > this.margin()) return current.access_token;
    try {
      return (await this.refresh()).access_token;
    } catch (e) {
      if (e instanceof SignedOutError) throw e;
      // The bank is unreachable for now; the current token may still carry this call.
      const still = this.tokens;
      if (still && still.expires_at - this.clock.now() > MIN_USABLE_MS) {
        this.options.logger?.warn('token refresh failed; using the current access token', { env: this.options.env, error: describe(e) });
        return still.access_token;
      }
      throw e;
    }
  }

  /**
   * The API got a 401. Resolves true when a fresh token exists so the caller
   * may replay the request once. Passing the rejected token avoids a second
   * refresh when another caller already replaced it.
   */
  async onUnauthorized(rejectedAccessToken?: string): Promise<boolean> {
    const current = this.tokens;
    if (!current) return false;
    if (rejectedAccessToken !== undefined && rejectedAccessToken !== current.access_token) return true;
    if (!this.inflight && this.lastRefreshAt !== null && this.clock.now() - this.lastRefreshAt < (this.options.unauthorizedGraceMs ?? 5_000)) {
      return true;
    }
    try {
      await this.refresh();
      return true;
    } catch (e) {
      this.options.logger?.warn('refresh after 401 failed', { env: this.options.env, error: describe(e) });
      return false;
    }
  }

  /** A new sign-in: saved first, then used. Replaces any previous session. */
  async adoptTokens(tokens: TokenSet): Promise<void> {
    this.generation++;
    this.inflight = null;
    this.lastRefreshAt = null;
    this.message = (await this.save(tokens)) ? null : NOT_SAVED_MESSAGE;
    this.tokens = tokens;
    this.emit();
  }

  /**
   * Forgets the session locally first (so a crash during the network call
   * cannot leave it behind), then revokes the refresh token at the bank, which
   * also ends the access tokens issued from it. A failed revoke is logged only.
   */
  async signOut(): Promise<void> {
    const old = this.tokens;
    await this.endSession(NOT_SIGNED_IN_MESSAGE);
    if (!old) return;
    await this.revokeQuietly(old.refresh_token ?? old.access_token, old.refresh_token ? 'refresh_token' : 'access_token');
  }

  private margin(): number {
    return this.options.refreshMarginMs ?? 60_000;
  }

  private requireTokens(): TokenSet {
    if (!this.tokens) throw new SignedOutError(this.message ?? NOT_SIGNED_IN_MESSAGE);
    return this.tokens;
  }

  private refresh(): Promise<TokenSet> {
    if (this.inflight) return this.inflight;
    const current = this.requireTokens();
    const generation = this.generation;
    const run = async (): Promise<TokenSet> => {
      if (!current.refresh_token) {
        await this.endSession(NO_OFFLINE_ACCESS_MESSAGE);
        throw new SignedOutError(NO_OFFLINE_ACCESS_MESSAGE);
      }
      let next: TokenSet;
      try {
        next = await this.tokenClient.refresh({ refresh_token: current.refresh_token, scope: current.scope });
      } catch (e) {
        if (e instanceof InvalidGrantError && generation === this.generation) {
          this.options.logger?.warn('the bank rejected the refresh token; signing out', { env: this.options.env, error: describe(e) });
          await this.endSession(SESSION_ENDED_MESSAGE);
          throw new SignedOutError(SESSION_ENDED_MESSAGE);
        }
        throw e;
      }
      if (generation !== this.generation) {
        // Signed out (or in again) meanwhile: this pair belongs to a session that no longer exists.
        if (next.refresh_token) await this.revokeQuietly(next.refresh_token, 'refresh_token');
        throw new SignedOutError(this.message ?? NOT_SIGNED_IN_MESSAGE);
      }
      const saved = await this.save(next);
      this.tokens = next;
      this.lastRefreshAt = this.clock.now();
      this.message = saved ? null : NOT_SAVED_MESSAGE;
      this.emit();
      return next;
    };
    const promise = run().finally(() => {
      if (this.inflight === promise) this.inflight = null;
    });
    this.inflight = promise;
    return promise;
  }

  /**
   * Writes to the vault. On failure the pair is still used from memory: the
   * previous refresh token dies 60 s after rotation, so dropping the new one
   * would sign the register out for a disk problem.
   */
  private async save(tokens: TokenSet): Promise<boolean> {
    try {
      await this.options.vault.saveTokens(this.options.env, tokens);
      return true;
    } catch (e) {
      this.options.logger?.error('could not save the bank sign-in', { env: this.options.env, error: describe(e) });
      return false;
    }
  }

  private async endSession(message: string): Promise<void> {
    this.generation++;
    this.inflight = null;
    this.tokens = null;
    this.lastRefreshAt = null;
    this.message = message;
    try {
      await this.options.vault.clearTokens(this.options.env);
    } catch (e) {
      this.options.logger?.error('could not remove the bank sign-in from disk', { env: this.options.env, error: describe(e) });
    }
    this.emit();
  }

  private async revokeQuietly(token: string, hint: 'refresh_token' | 'access_token'): Promise<void> {
    try {
      await this.tokenClient.revoke(token, hint);
    } catch (e) {
      this.options.logger?.warn('token revocation failed (ignored)', { env: this.options.env, error: describe(e) });
    }
  }

  private emit(): void {
    const status = this.status();
    for (const l of this.listeners) l(status);
  }
}
