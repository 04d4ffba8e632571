/**
 * The register's key as the app holds it between environments: opened at start, and when the
 * keychain could not decrypt it then (locked at start-up, its service not yet up), tried again
 * at each environment opening, so a brief hiccup never becomes a new key. Meanwhile the till
 * sells and journals as usual, unsigned, and the manager is told why in a notice.
 */
import type { Logger } from '../log.js';
import { KeyUnavailable, RegisterKey, type KeyTries, type RegisterKeyOptions } from './register-key.js';

/** A later try is one quick question to the keychain: the till is opening an environment. */
const ONCE: KeyTries = { attempts: 1, delayMs: 0, wait: async () => {} };

export class KeyKeeper {
  key: RegisterKey | null = null;
  /** Why the kept key cannot be read now; null when it was read (or could not be made at all: logged). */
  unavailable: string | null = null;

  private constructor(private readonly options: RegisterKeyOptions, private readonly logger: Logger) {}

  static async open(options: RegisterKeyOptions, logger: Logger): Promise<KeyKeeper> {
    const keeper = new KeyKeeper(options, logger);
    await keeper.tryOpen(options.tries);
    return keeper;
  }

  /** Asks the keychain again, when it could not answer before. */
  async retry(): Promise<void> {
    if (this.unavailable !== null) await this.tryOpen(ONCE);
  }

  private async tryOpen(tries: KeyTries | undefined): Promise<void> {
    try {
      this.key = await RegisterKey.open({ ...this.options, ...(tries ? { tries } : {}) });
      if (this.unavailable !== null) this.logger.info('the register key reads again; signing resumes');
      this.unavailable = null;
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      this.unavailable = e instanceof KeyUnavailable ? detail : null;
      this.logger.error(e instanceof KeyUnavailable ? 'the register key cannot be read now; the journal is not signed until it can' : 'the register key could not be read or made', { error: detail });
    }
  }
}
