/**
 * Under "Production" in the environment choice: what is still missing before it may go live
 * (its settings, its client secret, a sign-in to it), and the sign-in itself, made while
 * another environment stays live. The main process refuses the switch on the same rule.
 */
import type { MissingForLive } from '../../../../shared/domain/environment-readiness.js';
import type { SettingsAction } from './useSettingsAction.js';
import { useT } from '../../i18n/useT.js';

const WORDS = {
  settings: 'glance.production.missingSettings',
  client_secret: 'glance.production.missingSecret',
  sign_in: 'glance.production.missingSignIn',
} as const;

export function ProductionReadiness({ missing, action, pending }: { missing: MissingForLive; action: SettingsAction; pending: boolean }) {
  const t = useT();
  const signIn = () => void action.run('signIn', { environment: 'production' }, t('glance.production.signedIn'));
  return (
    <div className="production-readiness">
      <p id="production-missing" className="small">{t(WORDS[missing])}</p>
      {missing === 'sign_in' && (
        <button type="button" className="btn btn-primary btn-small" disabled={action.busy || pending} onClick={signIn}>
          {t('glance.production.signIn')}
        </button>
      )}
    </div>
  );
}
