import { useState } from 'react';
import type { BankEnvironment, BankEnvironmentView } from '../../../../shared/ipc/types.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SecretField } from '../../components/SecretField.js';
import { TextField } from '../../components/TextField.js';
import { buildEnvironmentRequest, draftFrom, redirectUriPreview, type EnvironmentDraft } from '../../logic/environment-form.js';
import { ENVIRONMENT_INFO } from '../../logic/environments.js';
import { placeIssues } from '../../logic/issues.js';
import { useSettingsAction } from './useSettingsAction.js';
import { useT } from '../../i18n/useT.js';

// The validator's pointers, one per box; any other issue is listed with the error.
const FIELD_POINTERS = {
  apiBaseUrl: ['/apiBaseUrl'], oauthBaseUrl: ['/oauthBaseUrl'], clientId: ['/clientId'],
  clientSecret: ['/clientSecret'], stagingToken: ['/stagingToken'], redirectPort: ['/redirectPort'],
};

/** The settings of one bank environment. Secrets are typed, never shown: the screen only learns that one is stored. */
export function EnvironmentForm({ environment, view }: { environment: BankEnvironment; view: BankEnvironmentView }) {
  const [draft, setDraft] = useState<EnvironmentDraft>(() => draftFrom(view));
  const [showIssues, setShowIssues] = useState(false);
  const action = useSettingsAction();
  const t = useT();
  const label = t(ENVIRONMENT_INFO[environment].label);
  const stored = t('settings.form.stored');
  const checked = buildEnvironmentRequest(environment, draft);
  const local = placeIssues(showIssues && !checked.ok ? checked.issues : [], FIELD_POINTERS);
  const remote = placeIssues(action.error?.issues, FIELD_POINTERS);
  const issuesOf = (key: keyof typeof FIELD_POINTERS) => [...(local.byField[key] ?? []), ...(remote.byField[key] ?? [])];
  const set = (key: keyof EnvironmentDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const redirectUri = redirectUriPreview(draft.redirectPort);

  const save = async () => {
    setShowIssues(true);
    if (!checked.ok) return;
    if (await action.run('saveEnvironmentSettings', checked.value, t('settings.form.saved', { environment: label }))) {
      setDraft((d) => ({ ...d, clientSecret: '', stagingToken: '', removeStagingToken: false }));
      setShowIssues(false);
    }
  };

  return (
    <form className="settings-block" aria-label={t('settings.form.title', { environment: label })} noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <h3>{t('settings.form.title', { environment: label })}</h3>
      <div className="form-grid">
        <TextField label={t('settings.form.apiBaseUrl')} value={draft.apiBaseUrl} onChange={set('apiBaseUrl')} issues={issuesOf('apiBaseUrl')} required
          hint={environment === 'production' ? t('settings.form.apiBaseUrl.hintProduction') : t('settings.form.apiBaseUrl.hintSandbox')} />
        <TextField label={t('settings.form.oauthBaseUrl')} value={draft.oauthBaseUrl} onChange={set('oauthBaseUrl')} issues={issuesOf('oauthBaseUrl')} required
          hint={t('settings.form.oauthBaseUrl.hint')} />
        <TextField label={t('settings.form.clientId')} value={draft.clientId} onChange={set('clientId')} issues={issuesOf('clientId')} required />
        <SecretField label={t('settings.form.clientSecret')} value={draft.clientSecret} onChange={set('clientSecret')} issues={issuesOf('clientSecret')}
          hint={view.hasClientSecret ? stored : t('settings.form.clientSecret.hint')} />
        {environment === 'sandbox' && (
          <SecretField label={t('settings.form.stagingToken')} value={draft.stagingToken} onChange={set('stagingToken')} issues={issuesOf('stagingToken')}
            hint={view.hasStagingToken ? stored : t('settings.form.stagingToken.hint')} />
        )}
        <TextField label={t('settings.form.redirectPort')} value={draft.redirectPort} onChange={set('redirectPort')} issues={issuesOf('redirectPort')} required
          hint={redirectUri ? t('settings.form.redirectPort.register', { uri: redirectUri }) : t('settings.form.redirectPort.hint')} />
      </div>
      {environment === 'sandbox' && view.hasStagingToken && (
        <label className="check-row">
          <input type="checkbox" checked={draft.removeStagingToken} onChange={(e) => setDraft((d) => ({ ...d, removeStagingToken: e.target.checked }))} />
          {t('settings.form.removeStagingToken')}
        </label>
      )}
      <ErrorAlert error={action.error} issues={remote.rest} />
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={action.busy}>{t('settings.form.save', { environment: label })}</button>
      </div>
    </form>
  );
}
