/**
 * TokenVault: the bank sign-in (token set) and OAuth client secret of each
 * environment, encrypted by the OS secret storage in one file in the data dir.
 *
 * The in-memory copy is the source of truth for readers; every change is
 * written through, serialized, with an atomic replace (writeFileAtomic), so a
 * crash leaves either the old or the new file and a rotated refresh token is
 * never half-saved. When the OS offers no real encryption the vault keeps
 * everything in memory (persistence 'memory-only') unless a manager accepted
 * the plain-text risk (see secret-cipher.ts).
 */
import { unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Environment } from '../../shared/ipc/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { syncDirectory } from '../fs/sync-directory.js';
import { readTextIfExists } from '../fs/read-text.js';
import { SerialQueue } from '../fs/serial-queue.js';
import type { Logger } from '../log.js';
import { decidePersistence, type Persistence, type PersistenceDecision, type SecretCipher } from './secret-cipher.js';
import type { TokenSet } from './token-set.js';
import { decodeVault, encodeVault, type VaultEntry } from './vault-file.js';

export const VAULT_FILE_NAME = 'bank-credentials.vault.json';

export interface TokenVaultOptions {
  dataDir: string;
  cipher: SecretCipher;
  /** A manager's explicit choice to save secrets where the OS only offers the basic_text fallback. */
  acceptPlainTextRisk?: boolean;
  fileName?: string;
  logger?: Logger;
}

export class TokenVault {
  private readonly entries = new Map<Environment, VaultEntry>();
  private decision: PersistenceDecision;
  private readonly writes = new SerialQueue();
  private readonly warnings: string[] = [];
  readonly path: string;

  private constructor(private readonly options: TokenVaultOptions, decision: PersistenceDecision) {
    this.path = join(options.dataDir, options.fileName ?? VAULT_FILE_NAME);
    this.decision = decision;
  }

  /**
   * In memory-only mode the file is not read and not deleted: the keyring may
   * just be locked or missing for this session, and its saved sign-in should
   * come back when it is available again.
   */
  static async open(options: TokenVaultOptions): Promise<TokenVault> {
    const vault = new TokenVault(options, await decidePersistence(options.cipher, options.acceptPlainTextRisk ?? false));
    if (vault.persists()) await vault.load();
    return vault;
  }

  get persistence(): Persistence {
    return this.decision.mode;
  }

  /** Why secrets are not (properly) encrypted on disk, for a manager; null when they are. */
  get persistenceReason(): string | null {
    return this.decision.reason;
  }

  /** Whether the OS offered any encryption when the persistence was last decided. */
  get encryptionAvailable(): boolean {
    return this.decision.encryptionAvailable;
  }

  /** Problems met reading the file (damaged, undecryptable entries), for a manager. */
  get loadWarnings(): readonly string[] {
    return this.warnings;
  }

  getTokens(env: Environment): TokenSet | null {
    return this.entries.get(env)?.tokens ?? null;
  }

  getClientSecret(env: Environment): string | null {
    return this.entries.get(env)?.clientSecret ?? null;
  }

  /** Resolves once the new set is on disk (or in memory when not persisting). */
  saveTokens(env: Environment, tokens: TokenSet): Promise<void> {
    return this.update(env, { tokens });
  }

  /** Forgets the sign-in but keeps the client secret, so a manager can sign in again without retyping it. */
  clearTokens(env: Environment): Promise<void> {
    return this.update(env, { tokens: null });
  }

  saveClientSecret(env: Environment, clientSecret: string): Promise<void> {
    if (!clientSecret) return Promise.reject(new RangeError('the client secret is empty'));
    return this.update(env, { clientSecret });
  }

  /** Removes everything stored for the environment. */
  wipe(env: Environment): Promise<void> {
    this.entries.delete(env);
    return this.flush();
  }

  /** A manager's choice; turning it off deletes the obfuscated file, turning it on saves what is in memory. */
  setAcceptPlainTextRisk(accept: boolean): Promise<void> {
    // Decided inside the write queue, so two quick toggles apply in call order and writes queued before see the old mode.
    return this.writes.run(async () => {
      this.decision = await decidePersistence(this.options.cipher, accept);
      await this.write({ deleteWhenNotPersisting: true });
    });
  }

  private persists(): boolean {
    return this.decision.mode !== 'memory-only';
  }

  private update(env: Environment, change: Partial<VaultEntry>): Promise<void> {
    const current = this.entries.get(env) ?? { tokens: null, clientSecret: null };
    const next = { ...current, ...change };
    if (next.tokens === null && next.clientSecret === null) this.entries.delete(env);
    else this.entries.set(env, next);
    return this.flush();
  }

  private async load(): Promise<void> {
    const text = await readTextIfExists(this.path);
    if (text === null) return;
    const decoded = await decodeVault(text, this.options.cipher);
    for (const [env, entry] of decoded.entries) this.entries.set(env, entry);
    this.warnings.push(...decoded.warnings);
    for (const w of decoded.warnings) this.options.logger?.warn('vault entry dropped', { reason: w });
    // Re-encrypt with today's backend (e.g. a keyring installed since the basic_text days) or key (the OS rotated it).
    const stale = decoded.backend !== this.options.cipher.backend() || decoded.shouldReEncrypt;
    if (stale && decoded.entries.size > 0) await this.flush();
  }

  private flush(): Promise<void> {
    return this.writes.run(() => this.write());
  }

  /** Only ever run inside the write queue. */
  private async write(opts: { deleteWhenNotPersisting?: boolean } = {}): Promise<void> {
    if (!this.persists()) {
      if (opts.deleteWhenNotPersisting) await this.removeFile();
      return;
    }
    if (this.entries.size === 0) await this.removeFile();
    else await writeFileAtomic(this.path, await encodeVault(this.entries, this.options.cipher), { mode: 0o600 });
  }

  private async removeFile(): Promise<void> {
    try {
      await unlink(this.path);
      await syncDirectory(dirname(this.path));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}
