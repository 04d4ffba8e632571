/**
 * What stands in front of the routes, like the provider's gateway: the
 * sandbox staging-token gate, the rate limit and injected faults.
 */
import type { Clock } from '../../shared/clock.js';
import { htmlReply, type Reply } from './http-util.js';
import type { FaultKind } from './types.js';

export type Area = 'helper' | 'oauth-browser' | 'oauth-backend' | 'api';

/** Browser pages cannot send headers, and the helpers belong to the tests, so only API and backend OAuth calls are gated. */
export function areaOf(path: string): Area {
  if (path.startsWith('/__sandbox/')) return 'helper';
  if (path === '/oauth2/auth' || path.startsWith('/oauth2/auth/')) return 'oauth-browser';
  if (path.startsWith('/oauth2/')) return 'oauth-backend';
  return 'api';
}

/** Like the real sandbox: a missing or wrong staging token gets a login page with 200, not a JSON error. */
export function stagingLoginPage(): Reply {
  return htmlReply(200, 'Sign in: bank sandbox', '<h1>Sign in to the sandbox</h1><form method="post" action="/login"><input name="email"><input name="password" type="password"><button>Sign in</button></form>');
}

/** mulberry32: a tiny seeded PRNG, so a fault sequence is the same on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FAULT_SEED = 20260405;

export class FaultInjector {
  private rng = mulberry32(FAULT_SEED);

  constructor(private readonly config: { rate: number; kinds: FaultKind[] } | null) {}

  /** The fault for this request, or null. */
  draw(): FaultKind | null {
    if (!this.config || this.config.rate <= 0) return null;
    if (this.rng() >= this.config.rate) return null;
    return this.config.kinds[Math.floor(this.rng() * this.config.kinds.length)] ?? null;
  }

  reset(): void {
    this.rng = mulberry32(FAULT_SEED);
  }
}

/** Fixed window per client IP, on the sandbox clock so tests can step past it. */
export class RateLimiter {
  private readonly windows = new Map<string, { startMs: number; count: number }>();

  constructor(private readonly config: { max: number; windowMs: number } | null, private readonly clock: Clock) {}

  /** Seconds to wait when this request is over the limit, else null. */
  check(ip: string): number | null {
    if (!this.config) return null;
    const now = this.clock.now();
    let w = this.windows.get(ip);
    if (!w || now >= w.startMs + this.config.windowMs || now < w.startMs) {
      w = { startMs: now, count: 0 };
      this.windows.set(ip, w);
    }
    w.count += 1;
    if (w.count <= this.config.max) return null;
    return Math.max(1, Math.ceil((w.startMs + this.config.windowMs - now) / 1000));
  }

  reset(): void {
    this.windows.clear();
  }
}
