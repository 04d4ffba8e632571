/**
 * The engine's pre-send gate backed by terminal leases. A busy terminal refuses in plain words
 * and nothing reaches the bank. With the store unreachable the counter may still charge, but
 * only once the cashier confirmed the terminal shows no other payment; the verdict then says
 * no lease was taken so the journal can keep that fact.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Clock } from '../../shared/clock.js';
import { formatMoney } from '../../shared/money.js';
import type { Logger } from '../log.js';
import type { TerminalLeases } from './leases.js';
import type { PreSendGate, PreSendRefusal, PreSendVerdict } from './ports.js';
import { StoreProblem } from './store-problem.js';

/** How long a charge waits on the store before the store counts as unreachable. */
export const GATE_TIMEOUT_MS = 3_000;

export class LeaseGate implements PreSendGate {
  constructor(
    private readonly leases: TerminalLeases,
    private readonly clock: Clock,
    private readonly logger?: Logger,
    private readonly timeoutMs = GATE_TIMEOUT_MS,
  ) {}

  async beforeSend(attempt: Attempt, opts: { confirmedTerminalFree: boolean }): Promise<PreSendVerdict> {
    let result;
    try {
      result = await withTimeout(this.leases.acquire(attempt), this.timeoutMs);
    } catch (e) {
      this.logger?.warn('store unreachable when taking a terminal lease', { terminalId: attempt.terminalId, error: e instanceof Error ? e.message : String(e) });
      if (opts.confirmedTerminalFree) return { ok: true, leaseTaken: false };
      return { ok: false, refusal: { kind: 'store_unreachable', terminalId: attempt.terminalId } };
    }
    if (result.ok) return { ok: true, leaseTaken: true };
    const h = result.holder;
    return {
      ok: false,
      refusal: {
        kind: 'terminal_busy',
        terminalId: h.terminalId,
        holderRegisterName: h.registerName,
        amountMinor: h.amountMinor,
        currency: h.currency,
        secondsLeft: Math.max(1, Math.ceil((h.expiresAtMs - this.clock.now()) / 1000)),
      },
    };
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new StoreProblem('link_down', `no answer within ${ms} ms`)), ms);
    p.then((v) => { clearTimeout(t); resolve(v); }, (e: unknown) => { clearTimeout(t); reject(e instanceof Error ? e : new Error(String(e))); });
  });
}

/** The cashier's words for a refusal, e.g. "S1F2-FR-0001 is busy with Caisse 2 (12,00 €, 45 s left)". */
export function refusalWords(r: PreSendRefusal, locale: string, terminalName: string = r.terminalId): string {
  if (r.kind === 'terminal_busy') {
    return `${terminalName} is busy with ${r.holderRegisterName} (${formatMoney(r.amountMinor, r.currency, locale)}, ${r.secondsLeft} s left). Wait for it to finish or use another terminal.`;
  }
  return `The store cannot be reached, so other registers cannot be asked about ${terminalName}. Look at the terminal: if it shows no other payment, confirm it is free and charge.`;
}
