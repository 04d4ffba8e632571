/**
 * What the connected bank membership may do, decided before a button is
 * offered: each back-office action names the scope it needs and whether the
 * bank keeps it for owners and admins (nickname, restrictions and unlock).
 * One pure table, read by the renderer to grey buttons out with a reason and
 * by the main process to refuse early, so neither ever meets the bank's 403.
 */

/** What Counterpay knows of the membership's role: 'admin' stands for owner or admin. */
export type MembershipRole = 'admin' | 'employee' | 'unknown';

export interface AccessView {
  /** False while signed out: nothing at the bank can be done, whatever the scopes. */
  connected: boolean;
  grantedScopes: string[];
  role: MembershipRole;
  /** How the role was learned, in words (shown to the manager). */
  roleReason: string;
}

export type BackOfficeAction =
  | 'viewCards' | 'renameCard' | 'restrictCard' | 'lockCard' | 'unlockCard' | 'reportCardLost'
  | 'viewClients' | 'createClient' | 'viewOrganization' | 'viewTerminals';

interface Need {
  scope: string;
  adminOnly?: boolean;
  /** What the action does, in words, for a scope without its own words. */
  what: string;
}

export const ACTION_NEEDS: Readonly<Record<BackOfficeAction, Need>> = {
  viewCards: { scope: 'card.read', what: 'see cards' },
  renameCard: { scope: 'card.write', adminOnly: true, what: 'rename a card' },
  restrictCard: { scope: 'card.write', adminOnly: true, what: 'change card restrictions' },
  lockCard: { scope: 'card.write', what: 'lock a card' },
  unlockCard: { scope: 'card.write', adminOnly: true, what: 'unlock a card' },
  reportCardLost: { scope: 'card.write', what: 'report a card lost' },
  viewClients: { scope: 'client.read', what: 'see clients' },
  createClient: { scope: 'client.write', what: 'create clients' },
  viewOrganization: { scope: 'organization.read', what: 'see the organization' },
  viewTerminals: { scope: 'terminal.read', what: 'see terminals' },
};

/** What a scope lets the app do, in the words of the reason shown when it is missing. */
const SCOPE_WORDS: Readonly<Record<string, string>> = {
  'card.read': 'see cards', 'card.write': 'change cards', 'client.read': 'see clients', 'client.write': 'create clients',
  'organization.read': 'see the organization', 'terminal.read': 'see terminals', 'terminal.write': 'charge terminals',
};

/** Why an action is not offered: each language words it from this (the English below is the main process's). */
export type Blocked =
  | { why: 'signed_out' }
  | { why: 'scope_missing'; scope: string }
  | { why: 'employee' }
  | { why: 'unconfirmed' };

export type Availability = { ok: true } | ({ ok: false; reason: string } & Blocked);

export function availability(action: BackOfficeAction, access: AccessView): Availability {
  const need = ACTION_NEEDS[action];
  if (!access.connected) return { ok: false, why: 'signed_out', reason: 'This register is not connected to the bank. A manager can sign in under Settings.' };
  if (!access.grantedScopes.includes(need.scope)) {
    const words = SCOPE_WORDS[need.scope] ?? need.what;
    return { ok: false, why: 'scope_missing', scope: need.scope, reason: `The bank connection was not allowed to ${words}. A manager can sign in again and allow it.` };
  }
  // Reasons name no single action, so one note can explain every button it covers.
  if (need.adminOnly && access.role === 'employee') {
    return { ok: false, why: 'employee', reason: 'Only an owner or admin of the company may do this at the bank; the bank refused it to this sign-in.' };
  }
  // No read-only question tells the role, and asking by writing would change a card. A sign-in that sees only its own
  // cards is, most of the time, an employee's: the button is not offered rather than offered and refused.
  if (need.adminOnly && access.role === 'unknown') {
    return {
      ok: false, why: 'unconfirmed',
      reason: 'Only an owner or admin of the company may do this, and this bank sign-in sees only its own cards, as an employee\'s does.',
    };
  }
  return { ok: true };
}

/** Locking is open to every member, unlocking is not: the screen warns before an employee locks. */
export function lockWarning(access: AccessView): boolean {
  return !availability('unlockCard', access).ok;
}
