/**
 * Contract-test support: the REAL client against the REAL embedded sandbox over
 * loopback, on a frozen ManualClock so nothing waits on wall time. One env per
 * test file; close() shuts every client and the sandbox so the process exits.
 */
import type { ManualClock } from '../../../shared/clock.js';
import type { MintTokenInput as Who, Sandbox, SandboxOptions } from '../../sandbox/index.js';
import { startTestSandbox } from '../../sandbox/testing/test-support.js';
import { createBankApi } from '../index.js';
import { createHttp, type Http } from '../http.js';
import type { BankApi, BankApiConfig } from '../types.js';

export { T0 } from '../../sandbox/testing/test-support.js';

export interface ContractEnv {
  sb: Sandbox;
  clock: ManualClock;
  api(who: Who, extra?: Partial<BankApiConfig>): BankApi;
  http(who: Who, extra?: Partial<BankApiConfig>): Http;
  /** JSON call to a /__sandbox/ helper. */
  helper<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function contractEnv(options: SandboxOptions = {}): Promise<ContractEnv> {
  const sb = await startTestSandbox(options);
  const closers: Array<() => Promise<void>> = [];
  // A fresh token per request: tests move the sandbox clock past token expiry and reset the sandbox (tokens too).
  const configFor = (who: Who, extra: Partial<BankApiConfig>): BankApiConfig => ({
    baseUrl: sb.url, getAccessToken: async () => sb.mintToken(who).access_token, ...extra,
  });
  return {
    sb,
    clock: sb.clock,
    api(who, extra = {}) {
      const api = createBankApi(configFor(who, extra));
      closers.push(() => api.close());
      return api;
    },
    http(who, extra = {}) {
      const http = createHttp(configFor(who, extra));
      closers.push(() => http.close());
      return http;
    },
    async helper<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
      const res = await fetch(`${sb.url}/__sandbox${path}`, {
        method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
      if (!res.ok) throw new Error(`sandbox helper ${method} ${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    },
    async close() {
      await Promise.all(closers.map((c) => c()));
      await sb.close();
    },
  };
}
