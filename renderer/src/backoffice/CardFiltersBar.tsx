import { useState } from 'react';
import { CARD_LEVELS, CARD_STATUSES, type CardFilterChoices, type CardOrder } from '../../../shared/domain/bank.js';
import { toggle, type CardFilters } from '../logic/cards.js';
import { words } from '../logic/format.js';
import { MultiPick } from './MultiPick.js';

const ORDERS: { value: CardOrder; label: string }[] = [
  { value: 'live_first', label: 'Live cards first' },
  ...[
    { field: 'status', label: 'Status' },
    { field: 'nickname', label: 'Name' },
    { field: 'last_activity_at', label: 'Last activity' },
    { field: 'created_at', label: 'Created' },
  ].flatMap((s) => [
    { value: `${s.field}:asc` as CardOrder, label: `${s.label} ↑` },
    { value: `${s.field}:desc` as CardOrder, label: `${s.label} ↓` },
  ]),
];

type ListKey = 'statuses' | 'levels' | 'holderIds' | 'accountIds' | 'cardIds';

/** Search text applies on Search/Enter; every pick applies at once. Any change goes back to page 1. */
export function CardFiltersBar({ filters, choices, onChange }: { filters: CardFilters; choices: CardFilterChoices | null; onChange: (f: CardFilters) => void }) {
  const [text, setText] = useState(filters.text);
  const apply = (patch: Partial<CardFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const pick = <K extends ListKey>(key: K) => (value: string) => apply({ [key]: toggle(filters[key] as string[], value) } as Partial<CardFilters>);
  const anyPicked = filters.statuses.length + filters.levels.length + filters.holderIds.length + filters.accountIds.length + filters.cardIds.length > 0;
  return (
    <form
      className="filters"
      role="search"
      aria-label="Card filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply({ text });
      }}
    >
      <div className="field grow">
        <label htmlFor="card-search">Search cards</label>
        <input id="card-search" type="search" placeholder="Name, nickname, last digits…" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary">Search</button>
      <MultiPick label="Status" all="All statuses" picked={filters.statuses} onToggle={pick('statuses')}
        options={CARD_STATUSES.map((s) => ({ value: s, label: words(s) }))} />
      <MultiPick label="Level" all="All levels" picked={filters.levels} onToggle={pick('levels')}
        options={CARD_LEVELS.map((l) => ({ value: l, label: words(l) }))} />
      <MultiPick label="Holder" all="All holders" picked={filters.holderIds} onToggle={pick('holderIds')}
        options={(choices?.holders ?? []).map((h) => ({ value: h.id, label: h.name }))} />
      <MultiPick label="Bank account" all="All accounts" picked={filters.accountIds} onToggle={pick('accountIds')}
        options={(choices?.bankAccounts ?? []).map((a) => ({ value: a.id, label: a.name }))} />
      <MultiPick label="Cards" all="All cards" picked={filters.cardIds} onToggle={pick('cardIds')}
        options={(choices?.cards ?? []).map((c) => ({ value: c.id, label: c.label }))} />
      <div className="field">
        <label htmlFor="card-sort">Sort by</label>
        <select id="card-sort" value={filters.order} onChange={(e) => apply({ order: e.target.value as CardOrder })}>
          {ORDERS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </div>
      {anyPicked && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => apply({ statuses: [], levels: [], holderIds: [], accountIds: [], cardIds: [] })}>
          Clear filters
        </button>
      )}
    </form>
  );
}
