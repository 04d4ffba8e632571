/**
 * Who does what, as an environment's core asks it of the app core: the person selling at the
 * counter (a new attempt and its records name them) and the manager a manager action is
 * journaled under. A name typed by hand is used only while no staff manager is known.
 */
import type { StaffRef } from '../../shared/domain/staff.js';
import type { RecordBy } from '../payments/journal-envelope.js';
import { CoreError } from './errors.js';

export interface Who {
  signedIn(): StaffRef | null;
  /** Throws while the counter asks who is selling and nobody answered; else restarts the idle time. */
  requireSeller(): void;
  /** The manager doing the action now (signed in, or whose PIN opened the back office); null without a staff list. */
  manager(): StaffRef | null;
  /** Who signed out for the day last, while nobody has signed in since (their X report is still theirs to read). */
  leaving(): StaffRef | null;
  /** The counter asks who is selling: an active cashier is on the staff list. */
  asksWho(): boolean;
}

/** A register with no staff list: nobody named, nothing asked. */
export const NOBODY: Who = { signedIn: () => null, requireSeller: () => undefined, manager: () => null, leaving: () => null, asksWho: () => false };

/** The manager by their PIN, else the name typed (older screens, registers without staff); refused when neither. */
export function managerBy(who: Who, typed: string | undefined, field: string): RecordBy {
  const by = who.manager() ?? typed;
  if (by === undefined) throw CoreError.of('invalid_request', 'request.invalid', { pointer: `/${field}`, detail: `${field} is required: the manager's name` });
  return by;
}
