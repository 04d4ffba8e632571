import { useState } from 'react';
import type { Environment, SettingsView } from '../../../../shared/ipc/types.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ENVIRONMENTS, ENVIRONMENT_INFO } from '../../logic/environments.js';
import { useSettingsAction } from './useSettingsAction.js';

/** Which environment is live. Production asks for a confirmation: from then on the counter moves real money. */
export function EnvironmentPanel({ view }: { view: SettingsView }) {
  const action = useSettingsAction();
  const [confirming, setConfirming] = useState(false);
  const switchTo = (environment: Environment) => {
    setConfirming(false);
    void action.run('switchEnvironment', { environment }, `${ENVIRONMENT_INFO[environment].label} is now live`);
  };

  return (
    <section className="settings-block" aria-labelledby="env-heading">
      <h3 id="env-heading">Live environment</h3>
      <ul className="env-choices">
        {ENVIRONMENTS.map((env) => {
          const info = ENVIRONMENT_INFO[env];
          const live = env === view.environment;
          return (
            <li key={env} className={`env-choice ${live ? 'is-live' : ''}`}>
              <div>
                <div className="strong">{info.label}{live && <span className="badge badge-success">Live</span>}</div>
                <p className="muted small">{info.text}</p>
              </div>
              {!live && (
                <button type="button" className="btn btn-secondary" disabled={action.busy}
                  onClick={() => (env === 'production' ? setConfirming(true) : switchTo(env))}>
                  Switch to {info.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <ErrorAlert error={action.error} />
      {confirming && (
        <Dialog title="Switch to production?" tone="danger" onClose={() => setConfirming(false)}>
          <p>From now on, payments at the counter charge real cards on the shop&apos;s bank account.</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>Cancel</button>
            <button type="button" className="btn btn-danger" onClick={() => switchTo('production')}>Switch to production</button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
