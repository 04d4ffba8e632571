/** Route table matching with `:param` segments, and the context every handler receives. */
import type { IncomingMessage } from 'node:http';
import type { Clock } from '../../shared/clock.js';
import type { Reply } from './http-util.js';
import type { Principal, SandboxState } from './state.js';
import { authorize, type AccessRequirement } from './auth.js';
import type { RoughEdges } from './rough-edges.js';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUris: readonly string[];
  /** Registered with PKCE: its authorization requests must carry an S256 challenge. Default optional. */
  pkce?: 'required' | 'optional';
}

/** What outlives a request: reset() swaps `state`, so handlers always read it through here. */
export interface Runtime {
  state: SandboxState;
  /** A ManualClock lets /__sandbox/clock move it; training's real clock cannot be moved. */
  clock: Clock;
  baseUrl: string;
  oauthClients: readonly OAuthClient[];
  autoConsent: 'approve' | 'deny' | null;
  roughEdges: RoughEdges;
  reset(): void;
}

export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  rt: Runtime;
}

export type Handler = (ctx: RouteContext) => Reply | Promise<Reply>;

export interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

export function route(method: string, pattern: string, handler: Handler): Route {
  return { method, segments: pattern.split('/').filter(Boolean), handler };
}

/** A handler behind the bearer-token check: it only runs for an allowed principal. */
export function authed(need: AccessRequirement, handler: (ctx: RouteContext, who: Principal) => Reply | Promise<Reply>): Handler {
  return (ctx) => handler(ctx, authorize(ctx.rt.state, ctx.rt.clock.now(), ctx.req, need));
}

export function matchRoute(routes: readonly Route[], method: string, path: string): { route: Route; params: Record<string, string> } | null {
  const parts = path.split('/').filter(Boolean);
  for (const r of routes) {
    if (r.method !== method || r.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = r.segments.every((seg, i) => {
      const part = parts[i]!;
      if (seg.startsWith(':')) {
        const value = safeDecode(part);
        if (value === null) return false;
        params[seg.slice(1)] = value;
        return true;
      }
      return seg === part;
    });
    if (ok) return { route: r, params };
  }
  return null;
}

function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}
