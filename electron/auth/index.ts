/** Public surface of electron/auth for the app core (Electron's safeStorage cipher lives in the shell: electron/shell/safe-storage-cipher.ts). */
export { signIn, buildAuthorizationUrl, type SignInOptions, type AuthorizationRequest } from './authorize.js';
export { createTokenClient, type TokenClient, type TokenClientOptions } from './token-client.js';
export { TokenManager, type AuthStatus, type TokenManagerOptions } from './token-manager.js';
export { TokenVault, VAULT_FILE_NAME, type TokenVaultOptions } from './vault.js';
export { NodeCipher } from './node-cipher.js';
export { decidePersistence, PLAIN_TEXT_BACKEND, type SecretCipher, type Persistence } from './secret-cipher.js';
export { ManagerPin, PIN_MARKER_FILE, validatePin, type PinCheck, type PinProblem } from './manager-pin.js';
export { StaffList, STAFF_FILE, type SharedStaff, type SignInCheck } from './staff-list.js';
export { refOf, type StaffDoc } from './staff-doc.js';
export { StaffRefusal, STAFF_REFUSALS, IDLE_MINUTES_MAX, IDLE_MINUTES_MIN, type StaffRefusalReason } from './staff-rules.js';
export { startLoopbackListener, DEFAULT_LISTENER_TIMEOUT_MS, type LoopbackListener } from './loopback-listener.js';
export { parseLoopbackRedirect, type OAuthClientConfig } from './oauth-config.js';
export type { TokenSet } from './token-set.js';
export * from './errors.js';
