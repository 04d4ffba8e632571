/**
 * Which card statuses allow which lifecycle call, shared by the back office
 * (what it offers) and the training bank (what it accepts), so the two never
 * disagree. The provider publishes the effects, not the table:
 * - lock is a reversible suspension and the card reads `paused` after it; a
 *   `pin_blocked` card is still usable for card-not-present payments, so it can
 *   be suspended too, and unlocking it gives back the PIN block, not `live`;
 * - lost blocks a physical card for good: it applies to a card that may be in
 *   someone's hands (PIN not set yet included), not to one whose issuing is on
 *   hold or that is already unusable.
 */
import type { CardStatus } from './bank.js';

export const LOCKABLE_STATUSES: readonly CardStatus[] = ['live', 'pin_blocked'];
export const UNLOCKABLE_STATUSES: readonly CardStatus[] = ['paused'];
export const LOSABLE_STATUSES: readonly CardStatus[] = ['live', 'paused', 'pin_blocked', 'pending'];
