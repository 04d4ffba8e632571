/**
 * The "rough edges" flag: at a set rate, API answers come in the other shapes
 * the real bank is known to send (docs/bank-api.md, Errors and Pagination), so the
 * app's tests meet them instead of only the sandbox's tidy ones. Each shape
 * only replaces an answer it fits: a list with no next page loses next_page,
 * an error loses its uniform body. A seeded PRNG keeps every run identical.
 */
import { htmlReply, type Reply } from './http-util.js';
import { mulberry32 } from './guards.js';

export const ROUGH_EDGE_KINDS = ['error_body', 'empty_error', 'plain_404', 'next_page', 'html'] as const;
export type RoughEdgeKind = (typeof ROUGH_EDGE_KINDS)[number];
export interface RoughEdgesConfig {
  rate: number;
  /** Default: all of them. */
  kinds?: RoughEdgeKind[];
}

export const ROUGH_EDGES_SEED = 20261123;

type Item = { code: string; detail: string; source?: object };
const STATUS_WORDS: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Entity', 429: 'Too Many Requests' };

/** The four error bodies seen besides `{errors:[…]}`; each keeps what the real one keeps. */
const ERROR_BODIES: Array<(status: number, first: Item) => unknown> = [
  (status) => ({ message: STATUS_WORDS[status] ?? 'Error' }),
  (_, first) => ({ code: first.code, message: first.detail }),
  (status, first) => ({ errors: { ...first, status: String(status), message: first.detail } }),
  (_, first) => ({ errors: [{ code: first.code, message: first.detail, ...(first.source ? { source: first.source } : {}) }] }),
];

function errorItems(reply: Reply): Item[] | null {
  const json = reply.json as { errors?: unknown } | undefined;
  return reply.status >= 400 && Array.isArray(json?.errors) && json.errors.length > 0 ? (json.errors as Item[]) : null;
}

/** A list answer whose meta says there is no next page. */
function lastPage(reply: Reply): { json: Record<string, unknown>; meta: Record<string, unknown>; empty: boolean } | null {
  const json = reply.json as Record<string, unknown> | undefined;
  const meta = json?.['meta'] as Record<string, unknown> | undefined;
  if (reply.status !== 200 || !json || !meta || meta['next_page'] !== null) return null;
  const list = Object.entries(json).find(([k, v]) => k !== 'meta' && Array.isArray(v))?.[1] as unknown[] | undefined;
  return list ? { json, meta, empty: list.length === 0 } : null;
}

/** Misconfiguration is a programming error (options) or a 400 (helper): the message says which value is wrong. */
export function roughEdgesProblem(c: RoughEdgesConfig): string | null {
  if (typeof c.rate !== 'number' || !(c.rate >= 0 && c.rate <= 1)) return 'rate must be a number from 0 to 1';
  if (c.kinds !== undefined && (!Array.isArray(c.kinds) || c.kinds.length === 0 || c.kinds.some((k) => !ROUGH_EDGE_KINDS.includes(k)))) {
    return `kinds must be a non-empty list of: ${ROUGH_EDGE_KINDS.join(', ')}`;
  }
  return null;
}

export class RoughEdges {
  private rng = mulberry32(ROUGH_EDGES_SEED);
  private config: RoughEdgesConfig | null;
  private kinds: readonly RoughEdgeKind[];
  /** How many answers each kind replaced since the last configure/reset, so tests can show they met them. */
  private served: Partial<Record<RoughEdgeKind, number>> = {};

  constructor(private readonly initial: RoughEdgesConfig | null) {
    this.config = initial;
    this.kinds = initial?.kinds ?? ROUGH_EDGE_KINDS;
  }

  /** From /__sandbox/rough_edges: a new rate (0 turns it off) and kinds, the sequence started again. */
  configure(config: RoughEdgesConfig | null): void {
    this.config = config;
    this.kinds = config?.kinds ?? ROUGH_EDGE_KINDS;
    this.rng = mulberry32(ROUGH_EDGES_SEED);
    this.served = {};
  }

  current(): { rate: number; kinds: RoughEdgeKind[]; served: Partial<Record<RoughEdgeKind, number>> } {
    return { rate: this.config?.rate ?? 0, kinds: [...this.kinds], served: { ...this.served } };
  }

  private count(kind: RoughEdgeKind): void {
    this.served[kind] = (this.served[kind] ?? 0) + 1;
  }

  private roll(share = 1): boolean {
    return this.config !== null && this.config.rate > 0 && this.rng() < this.config.rate * share;
  }

  /** Before routing: the sandbox's HTML login page, as when it does not see the staging token (the request does nothing). */
  html(): Reply | null {
    if (!this.kinds.includes('html') || !this.roll(1 / this.kinds.length)) return null;
    this.count('html');
    return htmlReply(200, 'Sign in: bank sandbox', '<h1>Sign in to the sandbox</h1><p>Your session expired.</p>');
  }

  /** After the handler: the same answer in another shape it fits, or unchanged. */
  roughen(reply: Reply, routeFound: boolean): Reply {
    const fits = this.kinds.filter((k) => this.fits(k, reply, routeFound));
    if (fits.length === 0 || !this.roll()) return reply;
    const kind = fits[Math.floor(this.rng() * fits.length)]!;
    this.count(kind);
    return this.apply(kind, reply);
  }

  private fits(kind: RoughEdgeKind, reply: Reply, routeFound: boolean): boolean {
    if (kind === 'error_body') return errorItems(reply) !== null;
    if (kind === 'empty_error') return reply.status >= 500 || reply.status === 429;
    if (kind === 'plain_404') return reply.status === 404 && !routeFound;
    if (kind === 'next_page') return lastPage(reply) !== null;
    return false;
  }

  private apply(kind: RoughEdgeKind, reply: Reply): Reply {
    const { headers } = reply;
    if (kind === 'empty_error') return { status: reply.status, ...(headers ? { headers } : {}), text: '', contentType: 'text/plain' };
    if (kind === 'plain_404') return { status: 404, text: 'Not Found', contentType: 'text/plain; charset=utf-8' };
    if (kind === 'next_page') {
      const page = lastPage(reply)!;
      const { next_page: _dropped, ...rest } = page.meta;
      // 0 was seen on an empty list; elsewhere the key is simply missing.
      const meta = page.empty && this.rng() < 0.5 ? { ...rest, next_page: 0 } : rest;
      return { ...reply, json: { ...page.json, meta } };
    }
    const first = errorItems(reply)![0]!;
    const shape = ERROR_BODIES[Math.floor(this.rng() * ERROR_BODIES.length)]!;
    return { ...reply, json: shape(reply.status, first) };
  }

  reset(): void {
    this.configure(this.initial);
  }
}
