/** GET /v2/terminals, POST /v2/terminals/{id}/payment, GET /v2/terminal_payments/{id}. */
import { randomUUID } from 'node:crypto';
import { isPlainObject, type JsonObject } from '../../../shared/json.js';
import type { FieldIssue } from '../../../shared/result.js';
import { apiAmountIssues, metadataIssues } from '../../../shared/validation/terminal-payment.js';
import { badRequest, notFound, parseJsonBody, readRawBody, unprocessable, type Reply } from '../http-util.js';
import { acceptedView, paymentView, planPayment, rememberSuccess, replayFor } from '../payments.js';
import { paginate, readPage } from '../query.js';
import { authed, route, type Route, type RouteContext } from '../router.js';
import type { PaymentRecord, Principal } from '../state.js';

const IDEMPOTENCY_HEADER = 'X-Service-Idempotency-Key';
const MAX_KEY_LENGTH = 255;

function listTerminals(ctx: RouteContext, who: Principal): Reply {
  const mine = ctx.rt.state.terminals.filter((t) => t.org === who.org).map((t) => t.terminal);
  const { items, meta } = paginate(mine, readPage(ctx.url));
  return { status: 200, json: { terminals: items, meta } };
}

function idempotencyKey(ctx: RouteContext): string {
  const raw = ctx.req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.trim() === '') throw badRequest(`the ${IDEMPOTENCY_HEADER} header is required`, { parameter: IDEMPOTENCY_HEADER });
  if (key.length > MAX_KEY_LENGTH) throw badRequest(`${IDEMPOTENCY_HEADER} is limited to ${MAX_KEY_LENGTH} characters`, { parameter: IDEMPOTENCY_HEADER });
  return key;
}

function bodyIssues(body: unknown): FieldIssue[] {
  if (!isPlainObject(body)) return [{ pointer: '/', code: 'invalid', detail: 'the body must be a JSON object {amount, metadata?}' }];
  const issues = apiAmountIssues(body['amount']);
  if (body['metadata'] !== undefined && body['metadata'] !== null) issues.push(...metadataIssues(body['metadata']));
  return issues;
}

async function createPayment(ctx: RouteContext, who: Principal): Promise<Reply> {
  const key = idempotencyKey(ctx);
  const raw = await readRawBody(ctx.req);
  // From here on nothing awaits, so two requests with the same key cannot both miss the cache.
  const { state, clock } = ctx.rt;
  const now = clock.now();
  // A replay answers whatever the body or terminal: the key alone identifies the payment.
  const replay = replayFor(state, who.org, key, now);
  if (replay) return replay;
  const terminal = state.terminals.find((t) => t.org === who.org && t.terminal.id === ctx.params['id']);
  if (!terminal) throw notFound(`no terminal with id "${ctx.params['id']}" in this organization`);
  const body = parseJsonBody(ctx.req, raw);
  const issues = bodyIssues(body);
  if (issues.length > 0) throw unprocessable(issues);
  const input = body as { amount: { value: string; currency: string }; metadata?: JsonObject | null };
  const payment: PaymentRecord = {
    id: randomUUID(),
    org: who.org,
    terminalId: terminal.terminal.id,
    poiId: terminal.terminal.poi_id,
    amount: { value: input.amount.value, currency: input.amount.currency },
    metadata: input.metadata ?? null,
    createdAtMs: now,
    idempotencyKey: key,
    ...planPayment(state, terminal, now),
  };
  state.payments.push(payment);
  const reply: Reply = { status: 202, json: { terminal_payment: acceptedView(payment) } };
  rememberSuccess(state, who.org, key, reply, now);
  return reply;
}

function getPayment(ctx: RouteContext, who: Principal): Reply {
  const payment = ctx.rt.state.payments.find((p) => p.org === who.org && p.id === ctx.params['id']);
  if (!payment) throw notFound(`no terminal payment with id "${ctx.params['id']}" in this organization`);
  return { status: 200, json: { terminal_payment: paymentView(payment, ctx.rt.clock.now()) } };
}

export const terminalRoutes: Route[] = [
  route('GET', '/v2/terminals', authed({ scope: 'terminal.read' }, listTerminals)),
  route('POST', '/v2/terminals/:id/payment', authed({ scope: 'terminal.write' }, createPayment)),
  route('GET', '/v2/terminal_payments/:id', authed({ scope: 'terminal.read' }, getPayment)),
];
