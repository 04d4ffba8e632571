/**
 * Learns the connected membership's role from the bank's own answers, without
 * ever writing at the bank to find out: the API has no read-only call that
 * states a role (no membership endpoint, no documented token claim, no role
 * field on cards or the organization).
 * - the card list shows an employee only the cards they hold, so cards of two
 *   holders or more prove an owner or admin;
 * - otherwise the role stays unknown, the owner-and-admin actions are offered,
 *   and the bank's first 403 on one of them (nickname, restrictions, unlock)
 *   marks them all unavailable for the rest of the session, with the reason.
 * Forgotten when the connection changes (another person may sign in).
 */
import type { Card } from '../../shared/domain/bank.js';
import type { AccessView, MembershipRole } from '../../shared/domain/access.js';
import type { BankApi } from '../api/types.js';

export interface LearnedRole {
  role: MembershipRole;
  reason: string;
}

const UNKNOWN: LearnedRole = { role: 'unknown', reason: 'Not checked yet.' };

/** Pure: what the first page of the unfiltered card list tells. */
export function roleFromCards(cards: readonly Pick<Card, 'holder_id'>[]): LearnedRole | null {
  const holders = new Set(cards.map((c) => c.holder_id));
  if (holders.size > 1) return { role: 'admin', reason: 'The bank shows cards of several people, which only owners and admins see.' };
  return null;
}

export class MembershipAccess {
  private learned: LearnedRole = UNKNOWN;
  private pending: Promise<LearnedRole> | null = null;
  /** The card list was read for this connection: an unknown role stays unknown until the bank refuses something. */
  private asked = false;

  constructor(private readonly api: BankApi, private readonly connection: () => { connected: boolean; grantedScopes: string[] }) {}

  private grantedScopes(): string[] {
    return this.connection().grantedScopes;
  }

  view(): AccessView {
    const { connected, grantedScopes } = this.connection();
    return { connected, grantedScopes, role: this.learned.role, roleReason: this.learned.reason };
  }

  /** Asks the bank once per connection; later calls share or reuse the answer. */
  async check(): Promise<AccessView> {
    if (this.learned.role === 'unknown' && !this.asked && this.connection().connected) {
      this.pending ??= this.ask().finally(() => (this.pending = null));
      const learned = await this.pending;
      // A refusal that arrived meanwhile is newer than what the card list said.
      if (this.learned.role === 'unknown') this.learned = learned;
      this.asked = true;
    }
    return this.view();
  }

  /** An owner-and-admin action the bank refused with 403 (the scope was granted, so it was the role). */
  refusedForRole(detail: string): void {
    this.learned = { role: 'employee', reason: `The bank refused an owner-or-admin action: ${detail}` };
  }

  reset(): void {
    this.learned = UNKNOWN;
    this.asked = false;
  }

  private async ask(): Promise<LearnedRole> {
    if (!this.grantedScopes().includes('card.read')) return { role: 'unknown', reason: 'The bank connection may not read cards, so the role could not be checked.' };
    const { items } = await this.api.cards.list({ per_page: 100 });
    return roleFromCards(items) ?? { role: 'unknown', reason: 'Only one person\'s cards are visible, as for an employee: renaming, restrictions and unlocking are not offered.' };
  }
}
