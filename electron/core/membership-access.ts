/**
 * Learns the connected membership's role from the bank's own answers, because
 * the API has no call Counterpay may make that states it:
 * - the card list shows an employee only the cards they hold, so cards of two
 *   holders or more prove an owner or admin;
 * - otherwise one harmless question settles it: the first card's nickname is
 *   sent back unchanged (nickname changes are for owners and admins), and the
 *   bank answers 200 or 403;
 * - any later 403 on an owner-and-admin action says "employee" too.
 * Forgotten when the connection changes (another person may sign in).
 */
import { CARD_NICKNAME_MAX, type Card } from '../../shared/domain/bank.js';
import type { AccessView, MembershipRole } from '../../shared/domain/access.js';
import { isBankApiError } from '../api/errors.js';
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

const probeable = (c: Card) => typeof c.nickname === 'string' && c.nickname.trim().length > 0 && c.nickname.length <= CARD_NICKNAME_MAX;

export class MembershipAccess {
  private learned: LearnedRole = UNKNOWN;
  private pending: Promise<LearnedRole> | null = null;

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
    if (this.learned.role === 'unknown' && this.connection().connected) {
      this.pending ??= this.ask().finally(() => (this.pending = null));
      this.learned = await this.pending;
    }
    return this.view();
  }

  /** An owner-and-admin action the bank refused with 403 (the scope was granted, so it was the role). */
  refusedForRole(detail: string): void {
    this.learned = { role: 'employee', reason: `The bank refused an owner-or-admin action: ${detail}` };
  }

  reset(): void {
    this.learned = UNKNOWN;
  }

  private async ask(): Promise<LearnedRole> {
    const scopes = this.grantedScopes();
    if (!scopes.includes('card.read')) return { role: 'unknown', reason: 'The bank connection may not read cards, so the role could not be checked.' };
    const { items } = await this.api.cards.list({ per_page: 100 });
    const fromCards = roleFromCards(items);
    if (fromCards) return fromCards;
    const sample = items.find(probeable);
    if (!sample) return { role: 'unknown', reason: 'No named card is visible to ask the bank about.' };
    if (!scopes.includes('card.write')) return { role: 'unknown', reason: 'The bank connection may not change cards, so the role could not be checked.' };
    try {
      await this.api.cards.rename(sample.id, sample.nickname);
      return { role: 'admin', reason: 'The bank accepted a card name change, which only owners and admins may make.' };
    } catch (e) {
      if (isBankApiError(e) && e.status === 403) {
        return { role: 'employee', reason: 'The bank refused a card name change, which only owners and admins may make.' };
      }
      throw e;
    }
  }
}
