import { useState } from 'react';
import type { Environment, SettingsView } from '../../../../shared/ipc/types.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ENVIRONMENTS, ENVIRONMENT_INFO } from '../../logic/environments.js';
import { useSettingsAction } from './useSettingsAction.js';
import { useT } from '../../i18n/useT.js';
import { missingForLive } from '../../../../shared/domain/environment-readiness.js';
import { ProductionReadiness } from './ProductionReadiness.js';

/**
 * Which environment is live. Production asks for a confirmation (from then on the counter moves
 * real money) and is offered only once it is ready: until then the choice says what is missing.
 */
export function EnvironmentPanel({ view }: { view: SettingsView }) {
  const action = useSettingsAction();
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const switchTo = (environment: Environment) => {
    setConfirming(false);
    void action.run('switchEnvironment', { environment }, t('settings.env.nowLive', { environment: t(ENVIRONMENT_INFO[environment].label) }));
  };

  return (
    <section className="settings-block" aria-labelledby="env-heading">
      <h3 id="env-heading">{t('settings.env.title')}</h3>
      <ul className="env-choices">
        {ENVIRONMENTS.map((env) => {
          const info = ENVIRONMENT_INFO[env];
          const live = env === view.environment;
          const missing = live || env === 'training' ? null : missingForLive(env, view.environments[env]);
          return (
            <li key={env} className={`env-choice ${live ? 'is-live' : ''}`}>
              <div>
                <div className="strong">{t(info.label)}{live && <span className="badge badge-success">{t('settings.env.live')}</span>}</div>
                <p className="muted small">{t(info.text)}</p>
                {missing && <ProductionReadiness missing={missing} action={action} pending={view.signInPending} redirectUri={env === 'training' ? null : view.environments[env].redirectUri} />}
              </div>
              {!live && (
                <button type="button" className="btn btn-secondary" disabled={action.busy || missing !== null}
                  aria-describedby={missing ? 'production-missing' : undefined}
                  onClick={() => (env === 'production' ? setConfirming(true) : switchTo(env))}>
                  {t('settings.env.switchTo', { environment: t(info.label) })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <ErrorAlert error={action.error} />
      {confirming && (
        <Dialog title={t('settings.env.confirmTitle')} tone="danger" onClose={() => setConfirming(false)}>
          <p>{t('settings.env.confirmBody')}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>{t('common.cancel')}</button>
            <button type="button" className="btn btn-danger" onClick={() => switchTo('production')}>{t('settings.env.confirm')}</button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
