/**
 * Every secret of the bank environments, encrypted by the OS secret storage:
 * the token sets and OAuth client secrets in the token vault, and the bank
 * sandbox's X-Service-Staging-Token in a second vault file. The auth vault's
 * entry has no field for a staging token, so that file keeps it in the
 * entry's client-secret slot; it is the same encryption, the same atomic
 * writes and the same plain-text refusal, and only this class knows the trick.
 * The store's connection URL (it carries the database password) rides a third
 * file the same way, one per environment so training never reaches a real store; the
 * shop's mail server (its URL carries the SMTP password) a fourth, for the same reasons.
 */
import type { BankEnvironment, Environment, VaultView } from '../../shared/ipc/types.js';
import { PLAIN_TEXT_BACKEND, TokenVault, type SecretCipher } from '../auth/index.js';
import type { Logger } from '../log.js';

export const STAGING_VAULT_FILE_NAME = 'bank-staging-token.vault.json';
export const STORE_VAULT_FILE_NAME = 'store-url.vault.json';
export const SMTP_VAULT_FILE_NAME = 'smtp-url.vault.json';
/** The bank sign-in's vault file, named here for settings, which may not reach into auth. */
export { VAULT_FILE_NAME } from '../auth/vault.js';

export interface EnvironmentSecretsOptions {
  dataDir: string;
  cipher: SecretCipher;
  acceptPlainTextRisk: boolean;
  logger: Logger;
}

function safeBackend(cipher: SecretCipher): string {
  try {
    return cipher.backend();
  } catch {
    return 'unknown';
  }
}

export class EnvironmentSecrets {
  private constructor(
    readonly vault: TokenVault,
    private readonly staging: TokenVault,
    private readonly store: TokenVault,
    private readonly smtp: TokenVault,
    private readonly options: EnvironmentSecretsOptions,
  ) {}

  static async open(options: EnvironmentSecretsOptions): Promise<EnvironmentSecrets> {
    const common = { dataDir: options.dataDir, cipher: options.cipher, acceptPlainTextRisk: options.acceptPlainTextRisk, logger: options.logger };
    const secrets = new EnvironmentSecrets(
      await TokenVault.open(common),
      await TokenVault.open({ ...common, fileName: STAGING_VAULT_FILE_NAME }),
      await TokenVault.open({ ...common, fileName: STORE_VAULT_FILE_NAME }),
      await TokenVault.open({ ...common, fileName: SMTP_VAULT_FILE_NAME }),
      options,
    );
    // Registered now so no log line can ever carry them, whatever logs them later.
    for (const env of ['sandbox', 'production'] as const) {
      const tokens = secrets.vault.getTokens(env);
      for (const s of [secrets.clientSecret(env), secrets.stagingToken(env), tokens?.access_token, tokens?.refresh_token]) {
        if (s) options.logger.addSecret(s);
      }
    }
    for (const env of ['training', 'sandbox', 'production'] as const) {
      secrets.hideStoreUrl(secrets.storeUrl(env));
      secrets.hideStoreUrl(secrets.smtpUrl(env));
    }
    return secrets;
  }

  clientSecret(env: BankEnvironment): string | null {
    return this.vault.getClientSecret(env);
  }

  stagingToken(env: BankEnvironment): string | null {
    return env === 'sandbox' ? this.staging.getClientSecret(env) : null;
  }

  /** The store's connection URL saved in Settings for this environment, or null. */
  storeUrl(env: Environment): string | null {
    return this.store.getClientSecret(env);
  }

  /** null forgets it. */
  setStoreUrl(env: Environment, url: string | null): Promise<void> {
    return this.saveUrl(this.store, env, url);
  }

  /** The shop's mail server saved in Settings for this environment (smtp[s]://user:password@host:port), or null. */
  smtpUrl(env: Environment): string | null {
    return this.smtp.getClientSecret(env);
  }

  /** null forgets it. */
  setSmtpUrl(env: Environment, url: string | null): Promise<void> {
    return this.saveUrl(this.smtp, env, url);
  }

  /** A URL carrying a password rides its vault's client-secret slot, hidden from the log first. */
  private async saveUrl(vault: TokenVault, env: Environment, url: string | null): Promise<void> {
    if (url === null) return vault.wipe(env);
    this.hideStoreUrl(url);
    await vault.saveClientSecret(env, url);
  }

  /** Neither the URL nor its password may ever reach a log line. */
  private hideStoreUrl(url: string | null): void {
    if (!url) return;
    this.options.logger.addSecret(url);
    try {
      const password = decodeURIComponent(new URL(url).password);
      if (password) this.options.logger.addSecret(password);
    } catch { /* checked before it was saved */ }
  }

  hasTokens(env: Environment): boolean {
    return this.vault.getTokens(env) !== null;
  }

  async setClientSecret(env: BankEnvironment, secret: string): Promise<void> {
    this.options.logger.addSecret(secret);
    await this.vault.saveClientSecret(env, secret);
  }

  /** null removes it. */
  async setStagingToken(env: BankEnvironment, token: string | null): Promise<void> {
    if (token === null) return this.staging.wipe(env);
    this.options.logger.addSecret(token);
    await this.staging.saveClientSecret(env, token);
  }

  /** Forgets the sign-in only; the client secret stays so a manager can sign in again without retyping it. */
  clearTokens(env: Environment): Promise<void> {
    return this.vault.clearTokens(env);
  }

  async setAcceptPlainTextRisk(accept: boolean): Promise<void> {
    await this.vault.setAcceptPlainTextRisk(accept);
    await this.staging.setAcceptPlainTextRisk(accept);
    await this.store.setAcceptPlainTextRisk(accept);
    await this.smtp.setAcceptPlainTextRisk(accept);
  }

  view(acceptPlainTextRisk: boolean): VaultView {
    const cipher = this.options.cipher;
    // The OS answers asynchronously now; the vault kept the answer its persistence decision rests on.
    const available = this.vault.encryptionAvailable;
    return {
      persistence: this.vault.persistence,
      backend: safeBackend(cipher),
      reason: this.vault.persistenceReason,
      plainTextOnly: available && safeBackend(cipher) === PLAIN_TEXT_BACKEND,
      acceptPlainTextRisk,
      warnings: [...this.vault.loadWarnings, ...this.staging.loadWarnings, ...this.store.loadWarnings, ...this.smtp.loadWarnings],
    };
  }
}
