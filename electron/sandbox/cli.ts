/**
 * `npm run sandbox -- --port N [--staging-token T] [--latency-ms N] [--fault-rate R] [--rough-edges R]`:
 * the sandbox on its own, until SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startSandbox, type SandboxOptions } from './index.js';
import { FAULT_KINDS } from './types.js';

function numberOption(name: string, raw: string | undefined, check: (n: number) => boolean): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || !check(n)) {
    console.error(`sandbox: --${name} got "${raw}", which is not a valid value`);
    process.exit(2);
  }
  return n;
}

function readOptions(): SandboxOptions {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'staging-token': { type: 'string' },
      'latency-ms': { type: 'string' },
      'fault-rate': { type: 'string' },
      'rough-edges': { type: 'string' },
    },
    strict: true,
  });
  const faultRate = numberOption('fault-rate', values['fault-rate'], (n) => n >= 0 && n <= 1);
  const roughRate = numberOption('rough-edges', values['rough-edges'], (n) => n >= 0 && n <= 1);
  return {
    port: numberOption('port', values.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535) ?? 0,
    stagingToken: values['staging-token'] ?? null,
    latencyMs: numberOption('latency-ms', values['latency-ms'], (n) => n >= 0) ?? 0,
    ...(faultRate ? { faults: { rate: faultRate, kinds: [...FAULT_KINDS] } } : {}),
    ...(roughRate ? { roughEdges: { rate: roughRate } } : {}),
  };
}

const options = readOptions();
const sandbox = await startSandbox(options);
const staging = options.stagingToken ? ` -H 'X-Service-Staging-Token: <your staging token>'` : '';
console.info(`Bank sandbox listening on ${sandbox.url}`);
console.info(`Mint a token:  curl -s -X POST ${sandbox.url}/__sandbox/tokens -H 'Content-Type: application/json' -d '{"organization":"fr","role":"owner"}'`);
console.info(`Then call it:  curl -s ${sandbox.url}/v2/terminals -H 'Authorization: Bearer <access_token>'${staging}`);
console.info('Stop with Ctrl+C.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error('sandbox: close failed', e);
        process.exit(1);
      },
    );
  });
}
