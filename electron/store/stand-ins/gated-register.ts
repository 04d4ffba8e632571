/**
 * A register in store mode for tests and the bench: a real payment engine whose send gate and
 * committed-record ports are wired to a StoreMode, exactly as the core does it.
 */
import { EngineRefusal } from '../../payments/engine-refusal.js';
import type { Attempt } from '../../../shared/domain/attempt.js';
import type { Clock } from '../../../shared/clock.js';
import type { TerminalPaymentsPort } from '../../api/types.js';
import { terminalOutcomes } from '../../api/terminal-outcomes.js';
import { memoryLogger } from '../../log.js';
import { PaymentEngine } from '../../payments/index.js';
import type { ChargeInput } from '../../payments/new-attempt.js';
import { StoreMode } from '../store-mode.js';

export interface GatedRegister {
  engine: PaymentEngine;
  store: StoreMode | null;
  /** The engine's charge; a gate refusal comes back as its code and words instead of a throw. */
  charge(input: ChargeInput): Promise<{ refused: { code: string; message: string } } | { attempt: Attempt }>;
  close(): Promise<void>;
}

export async function openGatedRegister(opts: {
  dataDir: string; registerId: string; registerName: string; bank: TerminalPaymentsPort; clock: Clock; storeUrl: string | null; onUpdate?: (a: Attempt) => void;
}): Promise<GatedRegister> {
  const logger = memoryLogger();
  let store: StoreMode | null = null;
  const engine = await PaymentEngine.open({
    dataDir: opts.dataDir, bank: terminalOutcomes(opts.bank), clock: opts.clock, registerId: opts.registerId, logger,
    ...(opts.onUpdate ? { onUpdate: opts.onUpdate } : {}),
    ...(opts.storeUrl ? { sendGate: (req) => (store ? store.gate.sendGate(req) : Promise.resolve({ ok: true as const })) } : {}),
  });
  if (opts.storeUrl) {
    const mode = StoreMode.start({
      url: opts.storeUrl, registerId: opts.registerId, registerName: opts.registerName, dataDir: opts.dataDir, clock: opts.clock, logger,
      openAttempts: () => engine.today().attempts, reconnectMs: 200,
    });
    store = mode;
    engine.onCommitted(mode.onCommitted);
    await mode.ready();
  }
  return {
    engine,
    store,
    async charge(input) {
      try {
        return { attempt: await engine.charge(input) };
      } catch (e) {
        // The engine's refusal names the gate's code in its reason ("payment.terminal_busy").
        if (e instanceof EngineRefusal && e.reason.startsWith('payment.')) return { refused: { code: e.reason.slice('payment.'.length), message: e.message } };
        throw e;
      }
    },
    async close() {
      await engine.close();
      await store?.close();
    },
  };
}
