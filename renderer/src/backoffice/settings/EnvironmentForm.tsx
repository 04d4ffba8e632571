import { useState } from 'react';
import type { BankEnvironment, BankEnvironmentView } from '../../../../shared/ipc/types.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SecretField } from '../../components/SecretField.js';
import { TextField } from '../../components/TextField.js';
import { buildEnvironmentRequest, draftFrom, redirectUriPreview, type EnvironmentDraft } from '../../logic/environment-form.js';
import { ENVIRONMENT_INFO } from '../../logic/environments.js';
import { placeIssues } from '../../logic/issues.js';
import { useSettingsAction } from './useSettingsAction.js';

const STORED = 'A secret is stored. Leave empty to keep it.';
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
  const label = ENVIRONMENT_INFO[environment].label;
  const checked = buildEnvironmentRequest(environment, draft);
  const local = placeIssues(showIssues && !checked.ok ? checked.issues : [], FIELD_POINTERS);
  const remote = placeIssues(action.error?.issues, FIELD_POINTERS);
  const issuesOf = (key: keyof typeof FIELD_POINTERS) => [...(local.byField[key] ?? []), ...(remote.byField[key] ?? [])];
  const set = (key: keyof EnvironmentDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const redirectUri = redirectUriPreview(draft.redirectPort);

  const save = async () => {
    setShowIssues(true);
    if (!checked.ok) return;
    if (await action.run('saveEnvironmentSettings', checked.value, `${label} settings saved`)) {
      setDraft((d) => ({ ...d, clientSecret: '', stagingToken: '', removeStagingToken: false }));
      setShowIssues(false);
    }
  };

  return (
    <form className="settings-block" aria-label={`${label} settings`} noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <h3>{label} settings</h3>
      <div className="form-grid">
        <TextField label="API base URL" value={draft.apiBaseUrl} onChange={set('apiBaseUrl')} issues={issuesOf('apiBaseUrl')} required
          hint={environment === 'production' ? 'e.g. https://api.bank.example' : 'The sandbox API address from the developer portal'} />
        <TextField label="OAuth base URL" value={draft.oauthBaseUrl} onChange={set('oauthBaseUrl')} issues={issuesOf('oauthBaseUrl')} required
          hint="The address of the bank's sign-in server" />
        <TextField label="Client ID" value={draft.clientId} onChange={set('clientId')} issues={issuesOf('clientId')} required />
        <SecretField label="Client secret" value={draft.clientSecret} onChange={set('clientSecret')} issues={issuesOf('clientSecret')}
          hint={view.hasClientSecret ? STORED : 'Given by the bank with the client ID; stored encrypted'} />
        {environment === 'sandbox' && (
          <SecretField label="Staging token" value={draft.stagingToken} onChange={set('stagingToken')} issues={issuesOf('stagingToken')}
            hint={view.hasStagingToken ? STORED : 'X-Service-Staging-Token from the developer portal; stored encrypted'} />
        )}
        <TextField label="Redirect port" value={draft.redirectPort} onChange={set('redirectPort')} issues={issuesOf('redirectPort')} required
          hint={redirectUri ? `Register exactly ${redirectUri} at the bank` : 'A port from 1024 to 65535'} />
      </div>
      {environment === 'sandbox' && view.hasStagingToken && (
        <label className="check-row">
          <input type="checkbox" checked={draft.removeStagingToken} onChange={(e) => setDraft((d) => ({ ...d, removeStagingToken: e.target.checked }))} />
          Remove the stored staging token
        </label>
      )}
      <ErrorAlert error={action.error} issues={remote.rest} />
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={action.busy}>Save {label.toLowerCase()} settings</button>
      </div>
    </form>
  );
}
