/**
 * Under "Production" in the environment choice: what is still missing before it may go live
 * (its settings, its client secret, a sign-in to it), and the sign-in itself, made while
 * another environment stays live. The main process refuses the switch on the same rule.
 */
import { useState } from 'react';
import type { MissingForLive } from '../../../../shared/domain/environment-readiness.js';
import { SignInWait } from './SignInWait.js';
import type { SettingsAction } from './useSettingsAction.js';
import { useT } from '../../i18n/useT.js';

const WORDS = {
  settings: 'glance.production.missingSettings',
  client_secret: 'glance.production.missingSecret',
  sign_in: 'glance.production.missingSignIn',
} as const;

export function ProductionReadiness({ missing, action, pending, redirectUri }: { missing: MissingForLive; action: SettingsAction; pending: boolean; redirectUri: string | null }) {
  const t = useT();
  // The wait is shown here only for the sign-in started here (the live environment's has its own panel).
  const [started, setStarted] = useState(false);
  const signIn = async () => {
    setStarted(true);
    await action.run('signIn', { environment: 'production' }, t('glance.production.signedIn'));
    setStarted(false);
  };
  return (
    <div className="production-readiness">
      <p id="production-missing" className="small">{t(WORDS[missing])}</p>
      {missing === 'sign_in' && started && <SignInWait redirectUri={redirectUri} />}
      {missing === 'sign_in' && !started && (
        <button type="button" className="btn btn-primary btn-small" disabled={action.busy || pending} onClick={() => void signIn()}>
          {t('glance.production.signIn')}
        </button>
      )}
    </div>
  );
}
