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
  /** Completes "… needs the … permission" and "Only an owner or admin can …". */
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

export type Availability = { ok: true } | { ok: false; reason: string };

export function availability(action: BackOfficeAction, access: AccessView): Availability {
  const need = ACTION_NEEDS[action];
  if (!access.grantedScopes.includes(need.scope)) {
    return { ok: false, reason: `The bank connection was not allowed to ${need.what}. A manager can sign in again and allow it.` };
  }
  if (need.adminOnly && access.role === 'employee') {
    return { ok: false, reason: `Only an owner or admin of the company can ${need.what}; this bank sign-in is an employee's.` };
  }
  if (need.adminOnly && access.role === 'unknown') {
    return { ok: false, reason: `Counterpay could not yet confirm that this bank sign-in belongs to an owner or admin, who alone can ${need.what}.` };
  }
  return { ok: true };
}

/** Locking is open to every member, unlocking is not: the screen warns before an employee locks. */
export function lockWarning(access: AccessView): string | null {
  return availability('unlockCard', access).ok ? null : 'Only an owner or admin of the company can unlock it again.';
}
