/**
 * Test helpers under /__sandbox/: mint tokens, move the clock, change a
 * terminal's behaviour, count payments, reset. Never gated by the staging
 * token, faults or rate limits: tests must be able to rely on them.
 */
import { ManualClock } from '../../../shared/clock.js';
import { isPlainObject } from '../../../shared/json.js';
import { API_SCOPES, KNOWN_SCOPES, issueAccessToken, principalFor, type IssuedAccessToken } from '../auth.js';
import { apiError, badRequest, MAX_BODY_BYTES, notFound, readRawBody, type Reply } from '../http-util.js';
import { parseBoundedJson } from '../../../shared/validation/bounded-json.js';
import { paymentStatus } from '../payments.js';
import { route, type Route, type RouteContext, type Runtime } from '../router.js';
import { SANDBOX_ORG_KEYS, SANDBOX_ROLES, type SandboxOrgKey, type SandboxRole } from '../seed-ids.js';
import type { TerminalRecord } from '../state.js';
import { readBehaviour } from '../terminal-behaviour.js';
import { roughEdgesProblem, type RoughEdgesConfig } from '../rough-edges.js';

/** Helpers are driven by curl as much as by tests: any content type, the body is read as JSON. */
async function helperJson(ctx: RouteContext): Promise<Record<string, unknown>> {
  const raw = (await readRawBody(ctx.req)).trim();
  let body: unknown = {};
  if (raw !== '') {
    const parsed = parseBoundedJson(raw, MAX_BODY_BYTES);
    if (!parsed.ok) throw badRequest(parsed.limit ? `the body is ${parsed.reason}` : 'the body must be JSON');
    body = parsed.value;
  }
  if (!isPlainObject(body)) throw badRequest('the body must be a JSON object');
  return body;
}

/** Shared by POST /__sandbox/tokens and Sandbox.mintToken; throws a 400 ApiError on bad input. */
export function mintTestToken(rt: Runtime, input: unknown): IssuedAccessToken {
  if (!isPlainObject(input)) throw badRequest('expected {"organization","role","scopes"?}');
  const { organization, role, scopes } = input;
  if (!SANDBOX_ORG_KEYS.includes(organization as SandboxOrgKey)) throw badRequest(`organization must be one of: ${SANDBOX_ORG_KEYS.join(', ')}`);
  if (!SANDBOX_ROLES.includes(role as SandboxRole)) throw badRequest(`role must be one of: ${SANDBOX_ROLES.join(', ')}`);
  if (scopes !== undefined && (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string'))) throw badRequest('scopes must be a list of scope names');
  const unknown = (scopes as string[] | undefined)?.filter((s) => !KNOWN_SCOPES.includes(s)) ?? [];
  if (unknown.length > 0) throw badRequest(`unknown scopes: ${unknown.join(', ')}`);
  const granted = (scopes as string[] | undefined) ?? [...API_SCOPES];
  return issueAccessToken(rt.state, rt.clock.now(), principalFor(organization as SandboxOrgKey, role as SandboxRole, granted), null);
}

const ok = (json: unknown): Reply => ({ status: 200, json });

async function setClock(ctx: RouteContext): Promise<Reply> {
  const body = await helperJson(ctx);
  const { clock } = ctx.rt;
  if (!(clock instanceof ManualClock)) throw apiError(409, 'clock_not_movable', 'this sandbox runs on a real clock (training); start it with a manual clock to move time');
  const hasNow = body['now'] !== undefined;
  const hasAdvance = body['advance_ms'] !== undefined;
  if (hasNow === hasAdvance) throw badRequest('send exactly one of {"now": "<ISO-8601>"} or {"advance_ms": N}');
  if (hasNow) {
    const ms = typeof body['now'] === 'string' ? Date.parse(body['now']) : NaN;
    if (Number.isNaN(ms)) throw badRequest('now must be an ISO-8601 date-time, e.g. "2026-11-15T00:00:00Z"');
    clock.set(ms);
  } else {
    const n = body['advance_ms'];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw badRequest('advance_ms must be a whole number of milliseconds, 0 or more (use "now" to go back)');
    clock.advance(n);
  }
  return ok({ now: new Date(clock.now()).toISOString() });
}

const terminalEntry = (t: TerminalRecord) => ({ id: t.terminal.id, organization: t.org, ...t.behaviour });

/** Changes how the terminal answers new pushes; payments already made keep what was decided for them. */
async function setBehaviour(ctx: RouteContext): Promise<Reply> {
  const terminal = ctx.rt.state.terminals.find((t) => t.terminal.id === ctx.params['id']);
  if (!terminal) throw notFound(`no sandbox terminal with id "${ctx.params['id']}"`);
  terminal.behaviour = readBehaviour(await helperJson(ctx), terminal.behaviour);
  return ok(terminalEntry(terminal));
}

/** {"rate": 0..1, "kinds"?: [...]}; rate 0 turns the rough edges off. */
async function setRoughEdges(ctx: RouteContext): Promise<Reply> {
  const body = await helperJson(ctx);
  const config = { rate: body['rate'], ...(body['kinds'] !== undefined ? { kinds: body['kinds'] } : {}) } as RoughEdgesConfig;
  const problem = roughEdgesProblem(config);
  if (problem) throw badRequest(problem);
  ctx.rt.roughEdges.configure(config.rate === 0 ? null : config);
  return ok(ctx.rt.roughEdges.current());
}

function listPayments(ctx: RouteContext): Reply {
  const now = ctx.rt.clock.now();
  const payments = ctx.rt.state.payments.map((p) => {
    const status = paymentStatus(p, now);
    return {
      id: p.id,
      terminal_id: p.terminalId,
      organization: p.org,
      idempotency_key: p.idempotencyKey,
      amount: p.amount,
      metadata: p.metadata,
      status,
      // The tip the customer added, so tests can check takings against the bank's own record.
      ...(status === 'AUTHORIZED' && p.outcome.status === 'AUTHORIZED' && p.outcome.tip ? { tip_amount: p.outcome.tip } : {}),
      created_at: new Date(p.createdAtMs).toISOString(),
    };
  });
  return ok({ terminal_payments: payments });
}

export const helperRoutes: Route[] = [
  route('POST', '/__sandbox/tokens', async (ctx) => ok(mintTestToken(ctx.rt, await helperJson(ctx)))),
  route('POST', '/__sandbox/clock', setClock),
  route('GET', '/__sandbox/clock', (ctx) => ok({ now: new Date(ctx.rt.clock.now()).toISOString() })),
  route('GET', '/__sandbox/terminals', (ctx) => ok({ terminals: ctx.rt.state.terminals.map(terminalEntry) })),
  route('PUT', '/__sandbox/terminals/:id/behaviour', setBehaviour),
  route('GET', '/__sandbox/terminal_payments', listPayments),
  route('GET', '/__sandbox/requests', (ctx) => ok({ requests: ctx.rt.state.requests })),
  route('GET', '/__sandbox/rough_edges', (ctx) => ok(ctx.rt.roughEdges.current())),
  route('PUT', '/__sandbox/rough_edges', setRoughEdges),
  route('POST', '/__sandbox/reset', (ctx) => {
    ctx.rt.reset();
    return ok({ reset: true });
  }),
];
