import { useState } from 'react';
import { CARD_LEVELS, CARD_STATUSES, type CardLevel, type CardSortField, type CardStatus } from '../../../shared/domain/bank.js';
import type { CardFilters } from '../logic/cards.js';
import { cardLevelWords, cardStatusWords } from '../../../shared/i18n/bank-words.js';
import { useT } from '../i18n/useT.js';

const SORTS: { field: CardSortField; label: string }[] = [
  { field: 'status', label: 'Status' },
  { field: 'nickname', label: 'Name' },
  { field: 'last_activity_at', label: 'Last activity' },
  { field: 'created_at', label: 'Created' },
];

/** Search text applies on Search/Enter; the selects apply at once. Any change goes back to page 1. */
export function CardFiltersBar({ filters, onChange }: { filters: CardFilters; onChange: (f: CardFilters) => void }) {
  const t = useT();
  const [text, setText] = useState(filters.text);
  const apply = (patch: Partial<CardFilters>) => onChange({ ...filters, ...patch, page: 1 });
  return (
    <form
      className="filters"
      role="search"
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
      <div className="field">
        <label htmlFor="card-status">Status</label>
        <select id="card-status" value={filters.status} onChange={(e) => apply({ status: e.target.value as CardStatus | '' })}>
          <option value="">All statuses</option>
          {CARD_STATUSES.map((s) => <option key={s} value={s}>{cardStatusWords(t, s)}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="card-level">Level</label>
        <select id="card-level" value={filters.level} onChange={(e) => apply({ level: e.target.value as CardLevel | '' })}>
          <option value="">All levels</option>
          {CARD_LEVELS.map((l) => <option key={l} value={l}>{cardLevelWords(t, l)}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="card-sort">Sort by</label>
        <select
          id="card-sort"
          value={`${filters.sortField}:${filters.sortOrder}`}
          onChange={(e) => {
            const [sortField, sortOrder] = e.target.value.split(':') as [CardSortField, 'asc' | 'desc'];
            apply({ sortField, sortOrder });
          }}
        >
          {SORTS.flatMap((s) => [
            <option key={`${s.field}:asc`} value={`${s.field}:asc`}>{s.label} ↑</option>,
            <option key={`${s.field}:desc`} value={`${s.field}:desc`}>{s.label} ↓</option>,
          ])}
        </select>
      </div>
    </form>
  );
}
