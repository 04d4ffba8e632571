/**
 * A register in store mode for tests and the bench, standing in for the engine's own ports
 * until the engine calls them itself: the send gate is asked with the attempt id the engine
 * will use (its id source is primed), and every committed change is handed on as a record.
 */
import { randomUUID } from 'node:crypto';
import type { Attempt } from '../../../shared/domain/attempt.js';
import type { Clock } from '../../../shared/clock.js';
import type { TerminalPaymentsPort } from '../../api/types.js';
import { memoryLogger } from '../../log.js';
import { PaymentEngine } from '../../payments/index.js';
import type { ChargeInput } from '../../payments/new-attempt.js';
import type { SendGateAnswer } from '../ports.js';
import { StoreMode } from '../store-mode.js';

export interface GatedRegister {
  engine: PaymentEngine;
  store: StoreMode | null;
  /** Asks the gate, then charges: what the engine does with its gate port. */
  charge(input: ChargeInput): Promise<{ refused: SendGateAnswer & { ok: false } } | { attempt: Attempt }>;
  close(): Promise<void>;
}

export async function openGatedRegister(opts: {
  dataDir: string; registerId: string; registerName: string; bank: TerminalPaymentsPort; clock: Clock; storeUrl: string | null; onUpdate?: (a: Attempt) => void;
}): Promise<GatedRegister> {
  const primed: string[] = [];
  let seq = 0;
  let store: StoreMode | null = null;
  const logger = memoryLogger();
  const engine = await PaymentEngine.open({
    dataDir: opts.dataDir, port: opts.bank, clock: opts.clock, registerId: opts.registerId, logger,
    newId: () => primed.shift() ?? randomUUID(),
    onUpdate: (a) => {
      store?.onCommitted({ seq: ++seq, kind: 'update', at: opts.clock.now(), attempts: [a] });
      opts.onUpdate?.(a);
    },
  });
  if (opts.storeUrl) {
    store = StoreMode.start({
      url: opts.storeUrl, registerId: opts.registerId, registerName: opts.registerName, dataDir: opts.dataDir, clock: opts.clock, logger,
      openAttempts: () => engine.today().attempts, reconnectMs: 200,
    });
    await store.ready();
  }
  return {
    engine,
    store,
    async charge(input) {
      const attemptId = randomUUID();
      if (store) {
        const answer = await store.gate.sendGate({ attemptId, saleId: attemptId, registerId: opts.registerId, why: 'charge', ...input });
        if (!answer.ok) return { refused: answer };
      }
      primed.push(attemptId);
      return { attempt: await engine.charge(input) };
    },
    async close() {
      await engine.close();
      await store?.close();
    },
  };
}
