/**
 * Child process of the crash tests: runs the real engine with the real API
 * client against the parent's sandbox, and reports each step on stdout (one
 * JSON line per event) so the parent knows when to SIGKILL it.
 *
 *   CRASH_CHILD = {"mode":"charge"|"restore"|"ask", "hold":"before-send"|"after-202"|null, dataDir, baseUrl, token, terminalId, label,
 *                  "then"?: "abandon"|"resolve", "attemptId"?: string}
 *
 * charge: charges once and then waits to be killed. `hold` parks the request
 * at one step (before it leaves, or after its 202 arrived) so the kill lands there.
 * `then` runs a command after the charge so the kill lands while it is journaled: "abandon"
 * abandons the accepted attempt; "resolve" abandons it, waits for its (late) authorization and
 * resolves the possible duplicate. "abandoning"/"resolving" is emitted just before the command.
 * `cashier` ({id, name}): the person signed in at the counter while it charges (a restore has nobody).
 * restore: opens the engine on the same journal and exits 0 once every attempt is final.
 * ask: opens the engine and asks the bank about attemptId (a timed-out attempt the bank never
 * named), as a manager would; `hold` then parks the ask's request the same way.
 */
import { systemClock } from '../../../shared/clock.js';
import { isFinal } from '../../../shared/domain/attempt.js';
import { createBankApi } from '../../api/index.js';
import { terminalOutcomes } from '../../api/terminal-outcomes.js';
import type { TerminalPaymentsPort } from '../../api/types.js';
import { createLogger } from '../../log.js';
import { PaymentEngine } from '../index.js';

interface ChildConfig {
  mode: 'charge' | 'restore' | 'ask';
  attemptId?: string;
  hold: 'before-send' | 'after-202' | null;
  dataDir: string;
  baseUrl: string;
  token: string;
  terminalId: string;
  label: string;
  then?: 'abandon' | 'resolve';
  cashier?: { id: string; name: string };
}

const config = JSON.parse(process.env.CRASH_CHILD ?? '{}') as ChildConfig;
const emit = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);
const forever = () => new Promise<never>(() => setInterval(() => undefined, 60_000));

const logger = createLogger((line) => process.stderr.write(`${line}\n`), 'warn');
const api = createBankApi({ baseUrl: config.baseUrl, getAccessToken: async () => config.token, logger });

const port: TerminalPaymentsPort = {
  async createPayment(terminalId, push, key, opts) {
    // 'create' means the request is about to leave: the client writes nothing before its release (the key's fsync).
    await opts?.release;
    emit({ ev: 'create', key });
    if (config.hold === 'before-send') {
      emit({ ev: 'holding', step: 'before-send' });
      return forever();
    }
    const accepted = await api.terminals.createPayment(terminalId, push, key, opts);
    emit({ ev: 'accepted-202', paymentId: accepted.id });
    if (config.hold === 'after-202') return forever();
    return accepted;
  },
  async getPayment(paymentId, opts) {
    emit({ ev: 'poll', paymentId });
    return api.terminals.getPayment(paymentId, opts);
  },
};

// Updates can arrive while open() is still restoring; `engine` is set right after.
let engine: PaymentEngine | null = null;
engine = await PaymentEngine.open({
  dataDir: config.dataDir,
  bank: terminalOutcomes(port),
  clock: systemClock,
  registerId: 'crash-register',
  logger,
  ...(config.cashier ? { signedIn: () => config.cashier ?? null } : {}),
  // Short polls keep the whole crash suite fast; the deadline stays the real 120 s.
  policy: { pollIntervalsMs: [150], resendBackoffMs: [200, 400] },
  onUpdate: (a) => {
    emit({ ev: 'update', id: a.id, state: a.state, key: a.idempotencyKey, paymentId: a.paymentId });
    if (config.mode === 'restore' && engine && allFinal(engine)) void finish(engine);
  },
});

function allFinal(e: PaymentEngine): boolean {
  return e.today().attempts.every((x) => isFinal(x.state));
}

let finishing = false;
async function finish(e: PaymentEngine): Promise<void> {
  if (finishing) return;
  finishing = true;
  emit({ ev: 'final', attempts: e.today().attempts.map((a) => ({ id: a.id, state: a.state })) });
  await e.close();
  await api.close();
  process.exit(0);
}

async function until(e: PaymentEngine, id: string, pred: (a: NonNullable<ReturnType<PaymentEngine['get']>>) => boolean): Promise<void> {
  while (!pred(e.get(id)!)) await new Promise((r) => setTimeout(r, 20));
}

async function runThen(e: PaymentEngine, id: string, then: 'abandon' | 'resolve'): Promise<void> {
  await until(e, id, (a) => a.state === 'accepted');
  if (then === 'abandon') emit({ ev: 'abandoning', id });
  await e.abandon(id);
  emit({ ev: 'abandoned', id });
  if (then !== 'resolve') return;
  await until(e, id, (a) => a.state === 'authorized');
  emit({ ev: 'resolving', id });
  await e.resolve(id, { kind: 'refunded_outside', note: 'cash refund, receipt 7' });
  emit({ ev: 'resolved', id });
}

if (config.mode === 'charge') {
  const a = await engine.charge({ terminalId: config.terminalId, amountMinor: 1250, currency: 'EUR', metadata: { crash: config.label } });
  emit({ ev: 'charged', id: a.id, key: a.idempotencyKey });
  if (config.then) await runThen(engine, a.id, config.then);
  await forever();
} else if (config.mode === 'ask') {
  emit({ ev: 'asking', id: config.attemptId });
  const asked = await engine.askBank(config.attemptId ?? '');
  emit({ ev: 'asked', id: asked.id, marker: asked.bankAsked?.marker });
  await forever();
} else {
  emit({ ev: 'restored', attempts: engine.today().attempts.map((a) => ({ id: a.id, state: a.state })) });
  if (allFinal(engine)) await finish(engine);
}
