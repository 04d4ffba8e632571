/**
 * "Live cards first", the back office's default order. The bank sorts by
 * status only alphabetically (abusive and discarded first), so this order is
 * two of the bank's own queries laid end to end: the live cards, then every
 * other status, each with the same filters. A page of the combined list is
 * cut from at most three bank pages (the plan below is pure and tested).
 */
import { CARD_STATUSES, type Card, type CardListQuery, type CardStatus, type Page, type PageMeta } from '../../shared/domain/bank.js';

/** The two groups, narrowed by the statuses the manager picked (none picked = all). */
export function liveFirstGroups(statuses: readonly CardStatus[] | undefined): CardStatus[][] {
  const wanted = statuses && statuses.length > 0 ? statuses : CARD_STATUSES;
  return [wanted.filter((s) => s === 'live'), wanted.filter((s) => s !== 'live')].filter((g) => g.length > 0);
}

export interface Slice {
  /** Bank page (same page size) to read from the second group. */
  page: number;
  /** Items to skip at the start of that page, and how many to take. */
  skip: number;
  take: number;
}

/** Which second-group bank pages fill the rest of combined page `page`, given the first group's size. */
export function secondGroupSlices(page: number, perPage: number, firstCount: number, takenFromFirst: number): Slice[] {
  let need = perPage - takenFromFirst;
  let offset = Math.max(0, (page - 1) * perPage - firstCount);
  const slices: Slice[] = [];
  while (need > 0) {
    const bankPage = Math.floor(offset / perPage) + 1;
    const skip = offset % perPage;
    const take = Math.min(need, perPage - skip);
    slices.push({ page: bankPage, skip, take });
    need -= take;
    offset += take;
  }
  return slices;
}

export function combinedMeta(page: number, perPage: number, total: number): PageMeta {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return {
    current_page: page, per_page: perPage, total_count: total, total_pages: totalPages,
    next_page: page < totalPages ? page + 1 : null, prev_page: page > 1 ? page - 1 : null,
  };
}

type List = (q: CardListQuery) => Promise<Page<Card>>;

export async function listLiveFirst(list: List, q: CardListQuery, perPage: number): Promise<Page<Card>> {
  const page = q.page ?? 1;
  const base: CardListQuery = { ...q, page, per_page: perPage };
  const groups = liveFirstGroups(q.statuses);
  const [first, second] = groups;
  if (!first) return { items: [], meta: combinedMeta(page, perPage, 0) };
  // Within a group the bank's sort by name keeps the list readable.
  const one = await list({ ...base, statuses: first, sort_by: 'nickname:asc' });
  if (!second) return { items: one.items, meta: combinedMeta(page, perPage, one.meta.total_count) };
  const firstCount = one.meta.total_count;
  const items = [...one.items];
  let secondCount: number | null = null;
  for (const s of secondGroupSlices(page, perPage, firstCount, items.length)) {
    const res = await list({ ...base, statuses: second, sort_by: 'status:asc', page: s.page });
    secondCount = res.meta.total_count;
    items.push(...res.items.slice(s.skip, s.skip + s.take));
    if (res.items.length < perPage) break;
  }
  // A page filled by live cards alone still needs the other group's size for the page count.
  secondCount ??= (await list({ ...base, statuses: second, sort_by: 'status:asc', page: 1, per_page: 1 })).meta.total_count;
  return { items, meta: combinedMeta(page, perPage, firstCount + secondCount) };
}
