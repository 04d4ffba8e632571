/**
 * POST /oauth2/revoke (RFC 7009): revoking any token of a grant ends the whole
 * grant, access and refresh tokens alike. Unknown tokens answer 200 too.
 */
import { readFormBody, type Reply } from '../http-util.js';
import { route, type Route, type RouteContext } from '../router.js';
import { authenticateClient, invalidClient, oauthError } from './common.js';

async function revoke(ctx: RouteContext): Promise<Reply> {
  const form = await readFormBody(ctx.req);
  if (!form) return oauthError(400, 'invalid_request', 'the revocation request must be application/x-www-form-urlencoded');
  const client = authenticateClient(ctx.rt, form);
  if (!client) return invalidClient();
  const token = form.get('token');
  if (!token) return oauthError(400, 'invalid_request', 'token is required');
  const { accessTokens, refreshTokens, grants } = ctx.rt.state.auth;
  const access = accessTokens.get(token);
  const grantId = access ? access.grantId : refreshTokens.get(token)?.grantId;
  const grant = grantId ? grants.get(grantId) : undefined;
  // Another client's token is left alone (RFC 7009 §2.1), still with a 200.
  if (grant && grant.clientId === client.clientId) grant.revoked = true;
  else if (access && access.grantId === null) access.revoked = true;
  return { status: 200, text: '' };
}

export const revokeRoutes: Route[] = [route('POST', '/oauth2/revoke', revoke)];
