/**
 * Shared set-up for tests against the embedded sandbox's real authorization
 * server: its own OAuth client registered on a free loopback port, a frozen
 * clock shared by the sandbox and the code under test, a temporary data dir,
 * and an undici dispatcher that records every token-endpoint request.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request, type Dispatcher } from 'undici';
import { ManualClock } from '../../../shared/clock.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import type { OAuthClientConfig } from '../oauth-config.js';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

export interface SandboxAuthContext {
  sandbox: Sandbox;
  clock: ManualClock;
  config: OAuthClientConfig;
  dataDir: string;
  /** Counts requests through it; pass it to createTokenClient. */
  dispatcher: Dispatcher;
  /** Form fields of every request to /oauth2/token and /oauth2/revoke, in order. */
  oauthRequests: { path: string; form: URLSearchParams }[];
  /** HTTP status of GET /v2/organization with this access token. */
  apiStatus(accessToken: string): Promise<number>;
}

export interface SandboxAuthOptions {
  autoConsent?: 'approve' | 'deny' | null;
  stagingToken?: string | null;
}

const CLIENT_ID = 'counterpay-test';
export const TEST_CLIENT_SECRET = 'counterpay-test-secret-value';
export const T0 = Date.UTC(2026, 3, 1, 12);

export async function withSandboxAuth(options: SandboxAuthOptions, fn: (ctx: SandboxAuthContext) => Promise<void>): Promise<void> {
  const port = await freePort();
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  const clock = new ManualClock({ start: T0, frozen: true });
  const sandbox = await startSandbox({
    clock,
    autoConsent: options.autoConsent ?? null,
    stagingToken: options.stagingToken ?? null,
    oauthClients: [{ clientId: CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, redirectUris: [redirectUri] }],
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'auth-sandbox-'));
  const oauthRequests: SandboxAuthContext['oauthRequests'] = [];
  const agent = new Agent();
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    if (opts.path.startsWith('/oauth2/') && typeof opts.body === 'string') {
      oauthRequests.push({ path: opts.path, form: new URLSearchParams(opts.body) });
    }
    return dispatch(opts, handler);
  });
  const config: OAuthClientConfig = {
    oauthBaseUrl: sandbox.url, clientId: CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, redirectUri, stagingToken: options.stagingToken ?? null,
  };
  const apiStatus = async (accessToken: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${accessToken}` };
    if (options.stagingToken) headers['X-Service-Staging-Token'] = options.stagingToken;
    const res = await request(`${sandbox.url}/v2/organization`, { headers, dispatcher: agent });
    await res.body.text();
    return res.statusCode;
  };
  try {
    await fn({ sandbox, clock, config, dataDir, dispatcher, oauthRequests, apiStatus });
  } finally {
    await agent.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
