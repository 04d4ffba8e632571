/**
 * The bank-environment settings form: what the manager types, and the request
 * it becomes. Secrets are write-only: an empty secret field means "keep the
 * stored one", never "erase it". Checked with the same validator main applies.
 */
import type { SaveEnvironmentSettingsRequest } from '../../../shared/ipc/contract.js';
import type { BankEnvironment, BankEnvironmentView } from '../../../shared/ipc/types.js';
import { saveEnvironmentSettings } from '../../../shared/ipc/requests.js';
import { validate } from '../../../shared/ipc/schema-kit.js';
import type { Validated } from '../../../shared/result.js';

/** The port most bank app registrations are set up with (and the sandbox's default client). */
export const DEFAULT_REDIRECT_PORT = 53682;

export interface EnvironmentDraft {
  apiBaseUrl: string;
  oauthBaseUrl: string;
  clientId: string;
  redirectPort: string;
  clientSecret: string;
  stagingToken: string;
  removeStagingToken: boolean;
}

export function draftFrom(view: BankEnvironmentView): EnvironmentDraft {
  const s = view.settings;
  return {
    apiBaseUrl: s?.apiBaseUrl ?? '',
    oauthBaseUrl: s?.oauthBaseUrl ?? '',
    clientId: s?.clientId ?? '',
    redirectPort: String(s?.redirectPort ?? DEFAULT_REDIRECT_PORT),
    clientSecret: '',
    stagingToken: '',
    removeStagingToken: false,
  };
}

/** The port as a number when it is one; otherwise the text, so the validator names the problem. */
function portValue(text: string): number | string {
  const t = text.trim();
  return /^[0-9]+$/.test(t) ? Number(t) : t;
}

export function buildEnvironmentRequest(environment: BankEnvironment, d: EnvironmentDraft): Validated<SaveEnvironmentSettingsRequest> {
  const body: Record<string, unknown> = {
    environment,
    apiBaseUrl: d.apiBaseUrl.trim(),
    oauthBaseUrl: d.oauthBaseUrl.trim(),
    clientId: d.clientId.trim(),
    redirectPort: portValue(d.redirectPort),
  };
  if (d.clientSecret) body.clientSecret = d.clientSecret;
  if (environment === 'sandbox') {
    if (d.removeStagingToken) body.stagingToken = null;
    else if (d.stagingToken) body.stagingToken = d.stagingToken;
  }
  return validate(saveEnvironmentSettings, body);
}

/** The redirect URI the bank must have registered, for the port typed so far. */
export function redirectUriPreview(portText: string): string | null {
  const port = portValue(portText);
  return typeof port === 'number' && port >= 1024 && port <= 65535 ? `http://127.0.0.1:${port}/callback` : null;
}
