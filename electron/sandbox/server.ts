/**
 * The request pipeline: latency, staging gate, rate limit, faults, routing,
 * then the handler. Handlers throw ApiError; everything is answered here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiError, ApiError, errorReply, newTraceId, writeReply, type Reply } from './http-util.js';
import { areaOf, FaultInjector, RateLimiter, stagingLoginPage, type Area } from './guards.js';
import { matchRoute, type Route, type Runtime } from './router.js';
import type { Clock } from '../../shared/clock.js';
import type { SandboxOptions } from './types.js';
import { REQUEST_LOG_MAX } from './state.js';
import { clientRoutes } from './routes/clients.js';
import { cardRoutes } from './routes/cards.js';
import { terminalRoutes } from './routes/terminals.js';
import { organizationRoutes } from './routes/organization.js';
import { retiredRoutes } from './routes/retired.js';
import { helperRoutes } from './routes/helpers.js';
import { authorizeRoutes } from './oauth/authorize.js';
import { tokenRoutes } from './oauth/token.js';
import { revokeRoutes } from './oauth/revoke.js';

const ROUTES: readonly Route[] = [
  ...clientRoutes, ...cardRoutes, ...terminalRoutes, ...organizationRoutes, ...retiredRoutes,
  ...helperRoutes, ...authorizeRoutes, ...tokenRoutes, ...revokeRoutes,
];

const STAGING_HEADER = 'x-service-staging-token';

export interface Pipeline {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Fault sequence and rate windows back to their start (part of Sandbox.reset). */
  reset(): void;
  /** Cancels pending latency timers so close() does not wait on them. */
  dispose(): void;
}

type Outcome = { reply: Reply; dropConnection: boolean };

export function createPipeline(rt: Runtime, options: SandboxOptions<Clock>): Pipeline {
  const faults = new FaultInjector(options.faults ?? null);
  const limiter = new RateLimiter(options.rateLimit ?? null, rt.clock);
  const latencyTimers = new Set<ReturnType<typeof setTimeout>>();

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        latencyTimers.delete(t);
        resolve();
      }, ms);
      latencyTimers.add(t);
    });

  /** The gateway's answer when it stops the request before any route, else null. */
  function gate(req: IncomingMessage, area: Area): Outcome | 'reset-after' | null {
    const staging = options.stagingToken;
    if (staging && (area === 'api' || area === 'oauth-backend') && req.headers[STAGING_HEADER] !== staging) {
      return { reply: stagingLoginPage(), dropConnection: false };
    }
    if (area !== 'api') return null;
    const retryAfter = limiter.check(req.socket.remoteAddress ?? 'unknown');
    if (retryAfter !== null) return { reply: tooMany(retryAfter, 'rate limit exceeded'), dropConnection: false };
    const html = rt.roughEdges.html();
    if (html) return { reply: html, dropConnection: false };
    const fault = faults.draw();
    if (fault === '500') return { reply: errorReply(apiError(500, 'internal_server_error', 'injected fault: internal server error')), dropConnection: false };
    if (fault === '429') return { reply: tooMany(1, 'injected fault: too many requests'), dropConnection: false };
    // A reset lands after the handler ran: the request took effect but its answer is lost, the case idempotency exists for.
    if (fault === 'reset') return 'reset-after';
    return null;
  }

  async function run(req: IncomingMessage): Promise<Outcome> {
    const url = new URL(req.url ?? '/', rt.baseUrl);
    const area = areaOf(url.pathname);
    const outcome = await answer(req, url, area);
    if (area !== 'api') return outcome;
    const log = rt.state.requests;
    log.push({ method: req.method ?? 'GET', path: url.pathname, status: outcome.reply.status });
    if (log.length > REQUEST_LOG_MAX) log.splice(0, log.length - REQUEST_LOG_MAX);
    return { ...outcome, reply: rt.roughEdges.roughen(outcome.reply, outcome.routeFound) };
  }

  async function answer(req: IncomingMessage, url: URL, area: Area): Promise<Outcome & { routeFound: boolean }> {
    if (options.latencyMs && area !== 'helper') await delay(options.latencyMs);
    const gated = gate(req, area);
    if (gated && gated !== 'reset-after') return { ...gated, routeFound: true };
    const dropConnection = gated === 'reset-after';
    const match = matchRoute(ROUTES, req.method ?? 'GET', url.pathname);
    if (!match) return { reply: errorReply(apiError(404, 'not_found', `no route ${req.method} ${url.pathname}`)), dropConnection, routeFound: false };
    try {
      return { reply: await match.route.handler({ req, url, params: match.params, rt }), dropConnection, routeFound: true };
    } catch (e) {
      if (e instanceof ApiError) return { reply: errorReply(e), dropConnection, routeFound: true };
      console.error('sandbox: handler failed', req.method, url.pathname, e);
      return { reply: errorReply(apiError(500, 'internal_server_error', 'the sandbox failed to handle this request')), dropConnection, routeFound: true };
    }
  }

  return {
    handle(req, res) {
      const traceId = newTraceId();
      run(req).then(
        ({ reply, dropConnection }) => (dropConnection ? req.socket.destroy() : writeReply(res, reply, traceId)),
        (e: unknown) => {
          console.error('sandbox: request failed', e);
          req.socket.destroy();
        },
      );
    },
    reset() {
      faults.reset();
      limiter.reset();
    },
    dispose() {
      for (const t of latencyTimers) clearTimeout(t);
      latencyTimers.clear();
    },
  };
}

function tooMany(retryAfterSeconds: number, detail: string): Reply {
  return errorReply(apiError(429, 'too_many_requests', detail, undefined, { 'Retry-After': String(retryAfterSeconds) }));
}
