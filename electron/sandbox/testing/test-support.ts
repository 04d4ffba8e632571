/** Shared by the sandbox's own tests: a sandbox on a frozen clock and a small fetch wrapper. */
import { after, before, beforeEach } from 'node:test';
import { ManualClock } from '../../../shared/clock.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../index.js';

/** 1 April 2026, before the retired routes' sunset. */
export const T0 = Date.UTC(2026, 3, 1, 12, 0, 0);

export function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ clock: new ManualClock({ start: T0, frozen: true }), ...options });
}

/**
 * One sandbox per test file, back to its seed and to T0 before every test, so
 * tests never depend on each other's payments, tokens or clock.
 */
export function sharedSandbox(): { readonly sb: Sandbox } {
  const holder = {} as { sb: Sandbox };
  before(async () => {
    holder.sb = await startTestSandbox();
  });
  after(() => holder.sb.close());
  beforeEach(() => {
    holder.sb.reset();
    holder.sb.clock.set(T0);
  });
  return holder;
}

export interface CallInit {
  method?: string;
  token?: string;
  /** Sent as JSON unless it is a string or URLSearchParams. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CallResult<T> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = unknown>(sb: Pick<Sandbox, 'url'>, path: string, init: CallInit = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers['authorization'] = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.body instanceof URLSearchParams) {
    body = init.body.toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (typeof init.body === 'string') {
    body = init.body;
  } else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(sb.url + path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  return { status: res.status, headers: res.headers, body: (isJson ? JSON.parse(text) : text) as T, text };
}

export interface ErrorBody {
  errors: Array<{ code: string; detail: string; source?: { pointer?: string; parameter?: string } }>;
  trace_id: string;
}

export const tokenFor = (sb: Sandbox, organization: 'fr' | 'it', role: 'owner' | 'admin' | 'employee', scopes?: string[]) =>
  sb.mintToken({ organization, role, ...(scopes ? { scopes } : {}) }).access_token;
