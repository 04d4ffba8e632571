/**
 * While a sign-in waits for the browser: that it waits, Cancel (which always ends it at once),
 * and, after a short wait, the likely cause when nothing comes back at all: a redirect port the
 * bank does not know never calls back, so the screen names the setting to check.
 */
import { useEffect, useState } from 'react';
import { useSettingsAction } from './useSettingsAction.js';
import { useT } from '../../i18n/useT.js';

/** Long enough for a manager to type a password on the bank's page; short of a minute of doubt. */
export const SLOW_SIGN_IN_MS = 25_000;

export function SignInWait({ redirectUri }: { redirectUri: string | null }) {
  const t = useT();
  const cancel = useSettingsAction();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <div className="alert alert-info" role="status">{t('settings.connection.waiting')}</div>
      {slow && redirectUri && <div className="alert alert-warning" role="status">{t('glance.signin.slow', { uri: redirectUri })}</div>}
      <div className="form-actions">
        {/* Never disabled: a cancel must get through whatever the first one is doing. */}
        <button type="button" className="btn btn-secondary" onClick={() => void cancel.run('cancelSignIn', undefined)}>
          {t('settings.connection.cancel')}
        </button>
      </div>
    </>
  );
}
