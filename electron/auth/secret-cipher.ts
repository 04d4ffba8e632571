/**
 * What the vault needs from the operating system's secret storage. In the app
 * this is Electron's safeStorage (electron/shell/safe-storage-cipher.ts); in tests and the
 * browser harness, node-cipher.ts.
 */
export interface SecretCipher {
  /** e.g. 'keychain', 'dpapi', 'gnome_libsecret', 'kwallet5', 'basic_text', 'test-keychain'. */
  backend(): string;
  isEncryptionAvailable(): Promise<boolean>;
  encrypt(plain: string): Promise<Buffer>;
  decrypt(data: Buffer): Promise<DecryptedSecret>;
}

export interface DecryptedSecret {
  plain: string;
  /** The OS rotated or upgraded its key: the data should be encrypted again and rewritten. */
  shouldReEncrypt: boolean;
}

/**
 * Electron's Linux fallback when no keyring is found: data is "encrypted" with
 * a key hard-coded in Chromium, i.e. obfuscated, readable by anyone who can
 * read the file.
 */
export const PLAIN_TEXT_BACKEND = 'basic_text';

export type Persistence = 'encrypted' | 'memory-only' | 'plain-text-accepted';

export interface PersistenceDecision {
  mode: Persistence;
  /** For a manager; null when secrets are properly encrypted on disk. */
  reason: string | null;
  /**
   * What the OS answered when this decision was made. Kept so synchronous
   * readers (the settings view) show the state the decision was based on.
   */
  encryptionAvailable: boolean;
}

async function available(cipher: SecretCipher): Promise<boolean> {
  try {
    return await cipher.isEncryptionAvailable();
  } catch {
    return false;
  }
}

/**
 * Accepting the risk only unlocks the basic_text fallback (the OS's own
 * obfuscation). With no encryption at all the vault stays memory-only even
 * when accepted: Counterpay never writes a token as raw plain text.
 */
export async function decidePersistence(cipher: SecretCipher, acceptPlainTextRisk: boolean): Promise<PersistenceDecision> {
  if (!(await available(cipher))) {
    return {
      mode: 'memory-only',
      reason: 'This computer offers no secure storage for secrets, so the bank sign-in is kept only until Counterpay closes. A manager will have to sign in again after each restart.',
      encryptionAvailable: false,
    };
  }
  if (cipher.backend() === PLAIN_TEXT_BACKEND) {
    return acceptPlainTextRisk
      ? {
        mode: 'plain-text-accepted',
        reason: 'No keyring (GNOME Keyring or KWallet) is available; a manager chose to save the bank sign-in anyway. It is only obfuscated on disk: anyone who can read this user\'s files can use it.',
        encryptionAvailable: true,
      }
      : {
        mode: 'memory-only',
        reason: 'No keyring (GNOME Keyring or KWallet) is available, only a plain-text fallback, so the bank sign-in is kept only until Counterpay closes. Install a keyring, or a manager can accept the risk in settings.',
        encryptionAvailable: true,
      };
  }
  return { mode: 'encrypted', reason: null, encryptionAvailable: true };
}
