/**
 * The engine's refusals before anything is journaled: the command must exist for the
 * attempt (commandsAllowed, with the reason when it does not), the register must be free,
 * and the store's send gate must agree. Each throws an EngineRefusal.
 */
import type { Attempt, LeaseMark } from '../../shared/domain/attempt.js';
import { commandRefusal, holdsRegister, type Command } from '../../shared/domain/attempt-commands.js';
import type { SendGate, SendGateRequest } from './engine-ports.js';
import { EngineRefusal } from './engine-refusal.js';

/** Refuses a command commandsAllowed does not list, with the reason. */
export function guardCommand(a: Attempt, command: Command): Attempt {
  const refusal = commandRefusal(a, command);
  if (refusal === null) return a;
  throw new EngineRefusal('conflict', refusal);
}

/**
 * The attempt holding this register, if any. The journal folder belongs to this one counter, so
 * every attempt in it counts, even one journaled under an earlier register id (damaged settings
 * regenerate the id, which must not release an unresolved payment).
 */
export function registerHolder(all: Iterable<Attempt>): Attempt | null {
  let newest: Attempt | null = null;
  for (const a of all) if (holdsRegister(a) && (newest === null || a.createdAt > newest.createdAt)) newest = a;
  return newest;
}

/** One active attempt per register; `except` is the attempt being retried (retrying releases it). */
export function assertRegisterFree(all: Iterable<Attempt>, except: string | null): void {
  const holding = registerHolder(all);
  if (holding && holding.id !== except) {
    // The renderer names the other sale from its own store (amount, short key); the id is for it, not for people.
    throw new EngineRefusal('conflict', 'Another sale still holds this register: finish it or abandon it first.', [
      { pointer: '/register', code: 'register_busy', detail: holding.id },
    ], 'payment.register_busy');
  }
}

/** Asks the store's gate (no-op by default) before a new attempt is journaled for sending; answers how the terminal was held. */
export async function passGate(gate: SendGate | undefined, a: Attempt, why: SendGateRequest['why']): Promise<LeaseMark | undefined> {
  if (!gate) return undefined;
  const { id: attemptId, saleId, registerId, terminalId, amountMinor, currency } = a;
  const answer = await gate({ attemptId, saleId, registerId, terminalId, amountMinor, currency, why });
  if (!answer.ok) throw new EngineRefusal('conflict', answer.message, undefined, `payment.${answer.code}`, answer.params);
  return answer.lease;
}
