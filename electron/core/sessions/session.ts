/**
 * One environment's way to the bank: the API client bound to that
 * environment's tokens, and the connection status the core reports. The
 * training session mints tokens from the embedded sandbox; a bank session
 * holds the OAuth sign-in of the bank sandbox or production.
 */
import type { Environment } from '../../../shared/ipc/types.js';
import type { BankApi } from '../../api/types.js';
import type { ConnectionInfo } from '../context.js';
import type { DeprecationLog } from '../deprecations.js';

export interface EnvironmentSession {
  readonly environment: Environment;
  readonly api: BankApi;
  readonly apiBaseUrl: string;
  readonly deprecations: DeprecationLog;
  readonly connection: ConnectionInfo;
  /** Called when the connection status changes (sign-in, refresh, sign-out by the bank). */
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}
