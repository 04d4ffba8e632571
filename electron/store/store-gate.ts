/**
 * The engine's send gate backed by terminal leases. A busy terminal refuses in plain words and
 * nothing reaches the bank. With the store unreachable the counter may still charge, but only
 * once the cashier confirmed that terminal shows no other payment (a one-shot confirmation);
 * the answer then says no lease was taken, and the engine journals that with the attempt.
 * A request it gives up on is bounded on the store's clock (notAfterStore) and handed back by
 * token (onGaveUp), so it can neither take effect later nor linger if it already did.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Currency } from '../../shared/money.js';
import { minorToDecimalString } from '../../shared/money.js';
import type { Logger } from '../log.js';
import { LEASE_DURATION_MS, type TerminalLeases } from './leases.js';
import type { SendGate, SendGateRequest } from './ports.js';
import { StoreProblem } from './store-problem.js';

/** How long a charge waits on the store before the store counts as unreachable. */
export const GATE_TIMEOUT_MS = 3_000;
/** A cashier's "the terminal is free" counts for the next charge on it within this time. */
export const CONFIRMATION_TTL_MS = 60_000;

export type LeaseRefusal =
  | { kind: 'terminal_busy'; terminalId: string; holderRegisterName: string; amountMinor: number; currency: Currency; secondsLeft: number }
  | { kind: 'store_unavailable'; terminalId: string };

export type LeaseVerdict = { ok: true; leaseTaken: boolean } | { ok: false; refusal: LeaseRefusal };

export interface LeaseGateOptions {
  clock: Clock;
  /** Null while the store is not connected: every charge then needs the cashier's confirmation. */
  leases: () => TerminalLeases | null;
  logger?: Logger;
  timeoutMs?: number;
  /** The shop's name for a terminal, undefined when this process has not listed it yet. */
  terminalName?: (terminalId: string) => string | undefined;
  /** Whether the store answered the last lease request: the counter says so at once. */
  onLink?: (up: boolean) => void;
  /** The store time `inMs` from now, or null while unknown: a request must not take effect after it. */
  notAfterStore?: (inMs: number) => number | null;
  /** A request given up on: it may still be written until `answered` settles, and is to be undone by its token. */
  onGaveUp?: (terminalId: string, token: string, answered: Promise<unknown>) => void;
}

/** A request gives up this much before the register does, so the store refuses it before the cashier is told. */
const STORE_LIMIT_SLACK_MS = 500;

export class LeaseGate {
  private readonly confirmed = new Map<string, number>();

  constructor(private readonly opts: LeaseGateOptions) {}

  /** The cashier looked at the terminal and it shows no other payment. */
  confirmTerminalFree(terminalId: string): void {
    this.confirmed.set(terminalId, this.opts.clock.now() + CONFIRMATION_TTL_MS);
  }

  async check(req: SendGateRequest): Promise<LeaseVerdict> {
    const now = this.opts.clock.now();
    const leases = this.opts.leases();
    const token = randomUUID();
    let asked: Promise<unknown> | null = null;
    try {
      if (!leases) throw new StoreProblem('link_down', 'store not connected');
      const timeoutMs = this.opts.timeoutMs ?? GATE_TIMEOUT_MS;
      const notAfterStoreMs = this.opts.notAfterStore?.(Math.max(0, timeoutMs - STORE_LIMIT_SLACK_MS)) ?? null;
      const lease = { attemptId: req.attemptId, terminalId: req.terminalId, amountMinor: req.amountMinor, currency: req.currency, durationMs: LEASE_DURATION_MS };
      const acquiring = leases.acquire(lease, { token, notAfterStoreMs });
      asked = acquiring;
      const result = await withTimeout(acquiring, timeoutMs);
      this.opts.onLink?.(true);
      if (result.ok) return { ok: true, leaseTaken: true };
      const h = result.holder;
      const secondsLeft = Math.max(1, Math.ceil(h.msLeft / 1000));
      return { ok: false, refusal: { kind: 'terminal_busy', terminalId: h.terminalId, holderRegisterName: h.registerName, amountMinor: h.amountMinor, currency: h.currency, secondsLeft } };
    } catch (e) {
      if (asked) this.opts.onGaveUp?.(req.terminalId, token, asked);
      this.opts.logger?.warn('no terminal lease: store unreachable', { terminalId: req.terminalId, error: e instanceof Error ? e.message : String(e) });
      this.opts.onLink?.(false);
      const until = this.confirmed.get(req.terminalId);
      if (until === undefined || until < now) return { ok: false, refusal: { kind: 'store_unavailable', terminalId: req.terminalId } };
      this.confirmed.delete(req.terminalId);
      return { ok: true, leaseTaken: false };
    }
  }

  /**
   * The engine's port. The screen words the refusal from its params, in its own language (the amount
   * too); a terminal this process cannot name yet travels by id only, and the screen names it.
   */
  readonly sendGate: SendGate = async (req) => {
    const v = await this.check(req);
    if (v.ok) return { ok: true, lease: v.leaseTaken ? 'held' : 'none_store_down' };
    const r = v.refusal;
    const name = this.opts.terminalName?.(r.terminalId);
    const params: Record<string, string | number> = { terminalId: r.terminalId, ...(name !== undefined ? { terminal: name } : {}) };
    if (r.kind === 'terminal_busy') Object.assign(params, { register: r.holderRegisterName, amountMinor: r.amountMinor, currency: r.currency, seconds: r.secondsLeft });
    return { ok: false, code: r.kind, message: refusalWords(r, name), params };
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new StoreProblem('link_down', `no answer within ${ms} ms`)), ms);
    p.then((v) => { clearTimeout(t); resolve(v); }, (e: unknown) => { clearTimeout(t); reject(e instanceof Error ? e : new Error(String(e))); });
  });
}

/** The refusal for logs and technical details (the screen has its own words), e.g. "S1F2-FR-0001 is busy with Caisse 2 (12.00 EUR, 45 s left)". */
export function refusalWords(r: LeaseRefusal, terminalName: string = r.terminalId): string {
  if (r.kind === 'terminal_busy') {
    return `${terminalName} is busy with ${r.holderRegisterName} (${minorToDecimalString(r.amountMinor)} ${r.currency}, ${r.secondsLeft} s left). Wait for it to finish or use another terminal.`;
  }
  return `The store cannot be reached, so the other registers cannot be asked about ${terminalName}. Look at the terminal: if it shows no other payment, confirm it is free and charge again.`;
}
