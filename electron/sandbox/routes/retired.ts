/**
 * GET /v1/organizations/{slug} and /v2/organizations/{slug}: answered with
 * Sunset/Deprecation/Link headers until the sunset instant on the sandbox
 * clock, 410 Gone from then on.
 */
import { authorize } from '../auth.js';
import { ApiError, apiError, type Reply } from '../http-util.js';
import { route, type Route, type RouteContext } from '../router.js';
import { legacyOrganizationBody } from './organization.js';

/**
 * The provider's pages disagree (15 Sept vs 15 Nov 2026); the migration guide,
 * probably newer, says November, and so does our spec.
 */
export const SUNSET_MS = Date.UTC(2026, 10, 15);
/** Not published; any date before the sunset works, we picked one year earlier. */
export const DEPRECATED_SINCE_MS = Date.UTC(2025, 10, 15);

export function deprecationHeaders(baseUrl: string): Record<string, string> {
  return {
    Sunset: new Date(SUNSET_MS).toUTCString(),
    Deprecation: `@${DEPRECATED_SINCE_MS / 1000}`,
    Link: `<${baseUrl}/docs/migration>; rel="deprecation", <${baseUrl}/v2/organization>; rel="successor-version"`,
  };
}

/**
 * After the sunset the route is gone whoever asks, so 410 comes before the
 * token check; before it, every answer (401/403 included) carries the headers.
 */
function retiredOrganization(ctx: RouteContext): Reply {
  const { state, clock, baseUrl } = ctx.rt;
  if (clock.now() >= SUNSET_MS) {
    throw apiError(410, 'gone', `${ctx.url.pathname} was retired on ${new Date(SUNSET_MS).toUTCString()}; use GET /v2/organization`);
  }
  const headers = deprecationHeaders(baseUrl);
  try {
    const who = authorize(state, clock.now(), ctx.req, { scope: 'organization.read' });
    return { status: 200, headers, json: legacyOrganizationBody(state.orgs[who.org]) };
  } catch (e) {
    if (e instanceof ApiError) throw new ApiError(e.status, e.items, { ...e.headers, ...headers });
    throw e;
  }
}

export const retiredRoutes: Route[] = [
  route('GET', '/v1/organizations/:slug', retiredOrganization),
  route('GET', '/v2/organizations/:slug', retiredOrganization),
];
