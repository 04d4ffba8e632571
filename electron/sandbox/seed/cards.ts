/**
 * Cards of every level and status. Generated from the index alone (no random)
 * so a card's id, status and holder are the same on every run; the French
 * organization has more than 100 so lists paginate at the maximum page size.
 */
import { CARD_LEVELS, CARD_STATUSES, PHYSICAL_CARD_LEVELS, type Card, type CardStatus } from '../../../shared/domain/bank.js';
import { seedUuid, type SandboxOrgKey } from '../seed-ids.js';
import type { MembershipRecord } from '../state.js';
import { daysBefore, seedIso } from './time.js';

export const CARD_COUNTS: Record<SandboxOrgKey, number> = { fr: 130, it: 24 };

const NICKNAMES = ['Fournil', 'Livraisons', 'Marché', 'Carburant', 'Fournitures', 'Déplacements', 'Abonnements', 'Salon', 'Réception', 'Atelier', 'Caisse', 'Cuisine'];
const HOUR_MS = 3_600_000;

/** Half the cards live, the rest spread over every status so filters have something to find. */
function statusFor(i: number): CardStatus {
  return i % 4 < 2 ? 'live' : CARD_STATUSES[(i * 5) % CARD_STATUSES.length]!;
}

export interface CardSeedContext {
  org: SandboxOrgKey;
  organizationId: string;
  holders: MembershipRecord[];
  bankAccountIds: string[];
}

export function seedCards(ctx: CardSeedContext): Card[] {
  const owner = ctx.holders.find((h) => h.role === 'owner')!;
  return Array.from({ length: CARD_COUNTS[ctx.org] }, (_, i) => seedCard(ctx, owner.id, i));
}

function seedCard(ctx: CardSeedContext, initiatorId: string, i: number): Card {
  const holder = ctx.holders[i % ctx.holders.length]!;
  const level = CARD_LEVELS[i % CARD_LEVELS.length]!;
  const physical = PHYSICAL_CARD_LEVELS.includes(level);
  const status = statusFor(i);
  const lastDigits = String(1000 + ((i * 7919) % 9000));
  const createdAt = daysBefore(400 - i * 2);
  return {
    id: seedUuid(`card:${ctx.org}:${i}`),
    nickname: `${NICKNAMES[i % NICKNAMES.length]} ${i + 1}`,
    embossed_name: `${holder.first_name} ${holder.last_name}`.toUpperCase(),
    status,
    pin_set: status !== 'pending' && physical,
    mask_pan: `537410******${lastDigits}`,
    // Not zero-padded, like the real API's "8" (docs/bank-api.md, Cards).
    exp_month: String((i % 12) + 1),
    exp_year: String(2027 + (i % 4)),
    last_activity_at: seedIso(-i * 7 * HOUR_MS),
    last_digits: lastDigits,
    ship_to_business: i % 2 === 0,
    atm_option: physical,
    nfc_option: physical,
    online_option: true,
    foreign_option: i % 3 !== 0,
    atm_monthly_limit: physical ? 1000 : 0,
    atm_monthly_spent: physical ? (i * 20) % 300 : 0,
    atm_daily_limit: physical ? 500 : 0,
    atm_daily_spent: 0,
    atm_daily_limit_option: physical,
    payment_monthly_limit: 3000,
    payment_monthly_spent: (i * 137) % 2500,
    payment_daily_limit: 1000,
    payment_daily_spent: (i * 31) % 400,
    payment_daily_limit_option: i % 2 === 1,
    payment_transaction_limit: 1000,
    payment_transaction_limit_option: false,
    active_days: [1, 2, 3, 4, 5, 6, 7],
    holder_id: holder.id,
    initiator_id: initiatorId,
    bank_account_id: ctx.bankAccountIds[i % ctx.bankAccountIds.length]!,
    organization_id: ctx.organizationId,
    updated_at: daysBefore(10 - (i % 10)),
    created_at: createdAt,
    shipped_at: physical ? daysBefore(395 - i * 2) : null,
    shipped_lost_at: status === 'shipped_lost' ? daysBefore(390 - i * 2) : null,
    eligible_for_renewal: physical && status === 'live' && i % 3 === 0,
    eligible_for_upsell: level === 'standard' && status === 'live',
    card_type: 'debit',
    card_level: level,
    // Only flash cards have a lifespan; elsewhere the real API sends null, not 0.
    payment_lifespan_limit: level === 'flash' ? 500 : null,
    payment_lifespan_spent: level === 'flash' ? (i * 11) % 500 : null,
    pre_expires_at: level === 'flash' ? daysBefore(-30 - i) : null,
    categories: i % 5 === 0 ? ['restaurant_and_bar', 'food_and_grocery'] : [],
    renewed: false,
    renewal: false,
    parent_card_summary: null,
    had_operation: status !== 'pending',
    had_pin_operation: physical && status !== 'pending',
    card_design: `${level}.recycled.plastic.2023`,
    // The values seen from the real API: null (nothing printed), "print" or "embossed".
    type_of_print: physical ? (i % 2 === 0 ? 'embossed' : 'print') : null,
    upsold: false,
    upsell: false,
    reordered: false,
    discard_on: null,
    appearance: {
      assets: {
        front_large: `https://cards.sandbox.invalid/${level}/front_large.png`,
        front_small: `https://cards.sandbox.invalid/${level}/front_small.png`,
        front_small_wallet: `https://cards.sandbox.invalid/${level}/front_small_wallet.png`,
      },
      theme: physical ? 'dark' : 'light',
      // Some designs carry no gradient at all.
      ...(physical ? { gradient_hex_color: '#1d1d1b' } : {}),
    },
    has_only_user_liftable_locks: status === 'paused',
  };
}
