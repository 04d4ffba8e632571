/**
 * The sandbox's stand-in for the bank's login and consent screens: a plain
 * HTML form, no script, so any browser (and a test's fetch) can drive it.
 */
import { escapeHtml } from '../../../shared/html.js';
import { htmlReply, type Reply } from '../http-util.js';
import { SANDBOX_ORG_KEYS, SANDBOX_ORGS, SANDBOX_ROLES, type SandboxOrgKey } from '../seed-ids.js';

export const DECISION_PATH = '/oauth2/auth/decision';

export interface ConsentPageInput {
  consentId: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  /** Set when the app passed organization_id: the picker then offers only that one. */
  organization: SandboxOrgKey | null;
}

const option = (value: string, label: string) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`;

export function consentPage(input: ConsentPageInput): Reply {
  const orgs = SANDBOX_ORG_KEYS.filter((k) => input.organization === null || k === input.organization);
  const scopes = input.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('');
  const body = `
<h1>Bank sandbox: authorize ${escapeHtml(input.clientId)}</h1>
<p>The application will receive access to the organization you pick, with these scopes:</p>
<ul>${scopes}</ul>
<p>You will be sent back to <code>${escapeHtml(input.redirectUri)}</code>.</p>
<form method="post" action="${DECISION_PATH}">
  <input type="hidden" name="consent_id" value="${escapeHtml(input.consentId)}">
  <label>Organization <select name="organization">${orgs.map((k) => option(k, `${SANDBOX_ORGS[k].name} (${SANDBOX_ORGS[k].country})`)).join('')}</select></label>
  <label>Sign in as <select name="role">${SANDBOX_ROLES.map((r) => option(r, r)).join('')}</select></label>
  <button type="submit" name="decision" value="approve">Approve</button>
  <button type="submit" name="decision" value="deny">Deny</button>
</form>`;
  return htmlReply(200, 'Bank sandbox: authorize', body);
}

/** Invalid client or redirect_uri: shown to the person, never redirected (RFC 6749 §4.1.2.1). */
export function authErrorPage(message: string): Reply {
  return htmlReply(400, 'Authorization error', `<h1>Authorization error</h1><p>${escapeHtml(message)}</p>`);
}
