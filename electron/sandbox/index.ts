/**
 * The embedded bank sandbox: an in-process, deterministic simulation of the
 * bank API on 127.0.0.1, for training mode, tests and `npm run sandbox`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock, type Clock } from '../../shared/clock.js';
import { createSeedState } from './seed.js';
import { createPipeline } from './server.js';
import { mintTestToken } from './routes/helpers.js';
import { SANDBOX_OAUTH_CLIENT } from './seed-ids.js';
import type { Runtime } from './router.js';
import { FAULT_KINDS, type Sandbox, type SandboxOptions } from './types.js';
import { RoughEdges, roughEdgesProblem } from './rough-edges.js';

export type { Sandbox, SandboxOptions, MintTokenInput, FaultKind } from './types.js';
export { ROUGH_EDGE_KINDS, type RoughEdgeKind, type RoughEdgesConfig } from './rough-edges.js';
export type { IssuedAccessToken } from './auth.js';
export { SANDBOX_API_KEYS, SANDBOX_TERMINALS, SANDBOX_OAUTH_CLIENT, SANDBOX_ORGS, SANDBOX_MEMBERSHIPS, SANDBOX_E_INVOICING } from './seed-ids.js';

/** Misconfiguration is a programming error: fail at start, not on the first request. */
function checkOptions(o: SandboxOptions<Clock>): void {
  if (o.port !== undefined && (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535)) throw new RangeError(`port must be 0-65535, got ${o.port}`);
  if (o.latencyMs !== undefined && (!Number.isFinite(o.latencyMs) || o.latencyMs < 0)) throw new RangeError('latencyMs must be 0 or more');
  if (o.stagingToken === '') throw new RangeError('stagingToken must not be empty (use null to disable)');
  if (o.faults) {
    if (!(o.faults.rate >= 0 && o.faults.rate <= 1)) throw new RangeError('faults.rate must be between 0 and 1');
    if (o.faults.kinds.length === 0 || o.faults.kinds.some((k) => !FAULT_KINDS.includes(k))) throw new RangeError(`faults.kinds must be a non-empty list of ${FAULT_KINDS.join(', ')}`);
  }
  const rough = o.roughEdges ? roughEdgesProblem(o.roughEdges) : null;
  if (rough) throw new RangeError(`roughEdges: ${rough}`);
  if (o.rateLimit && (!Number.isInteger(o.rateLimit.max) || o.rateLimit.max < 1 || !(o.rateLimit.windowMs > 0))) {
    throw new RangeError('rateLimit needs max >= 1 and windowMs > 0');
  }
}

export function startSandbox(options?: SandboxOptions): Promise<Sandbox>;
export function startSandbox<C extends Clock>(options: SandboxOptions<C> & { clock: C }): Promise<Sandbox<C>>;
export async function startSandbox(options: SandboxOptions<Clock> = {}): Promise<Sandbox<Clock>> {
  checkOptions(options);
  const clock = options.clock ?? new ManualClock();
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const rt: Runtime = {
    state: createSeedState(),
    clock,
    baseUrl: url,
    oauthClients: options.oauthClients ?? [SANDBOX_OAUTH_CLIENT],
    autoConsent: options.autoConsent ?? null,
    roughEdges: new RoughEdges(options.roughEdges ?? null),
    reset: () => {
      rt.state = createSeedState();
      rt.roughEdges.reset();
      pipeline.reset();
    },
  };
  const pipeline = createPipeline(rt, options);
  server.on('request', pipeline.handle);
  return {
    url,
    port,
    clock,
    mintToken: (input) => mintTestToken(rt, input),
    requests: () => rt.state.requests,
    reset: () => rt.reset(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        pipeline.dispose();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
