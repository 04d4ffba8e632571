/**
 * Production moves real money: it may become the live environment only once its settings are
 * complete and a sign-in to it has succeeded. The main process refuses the switch otherwise, and
 * the settings screen says what is missing before anyone presses it; both ask this one function.
 */
import type { BankEnvironmentView, Environment } from '../ipc/types.js';

export type MissingForLive = 'settings' | 'client_secret' | 'sign_in';

/** The first thing missing before `env` may go live, or null when nothing is (training and the sandbox never wait). */
export function missingForLive(env: Environment, view: Pick<BankEnvironmentView, 'settings' | 'hasClientSecret' | 'signedIn'> | null): MissingForLive | null {
  if (env !== 'production') return null;
  if (!view?.settings) return 'settings';
  if (!view.hasClientSecret) return 'client_secret';
  return view.signedIn ? null : 'sign_in';
}
