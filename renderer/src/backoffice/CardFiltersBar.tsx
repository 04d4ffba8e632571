import { useState } from 'react';
import { CARD_LEVELS, CARD_STATUSES, type CardFilterChoices, type CardOrder } from '../../../shared/domain/bank.js';
import { cardLevelWords, cardStatusWords } from '../../../shared/i18n/bank-words.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { useT } from '../i18n/useT.js';
import { toggle, type CardFilters } from '../logic/cards.js';
import { MultiPick } from './MultiPick.js';

const SORT_FIELDS: { field: string; label: MessageId }[] = [
  { field: 'status', label: 'office.cards.sort.status' },
  { field: 'nickname', label: 'office.cards.sort.name' },
  { field: 'last_activity_at', label: 'office.cards.sort.lastActivity' },
  { field: 'created_at', label: 'office.cards.sort.created' },
];

type ListKey = 'statuses' | 'levels' | 'holderIds' | 'accountIds' | 'cardIds';

/** Search text applies on Search/Enter; every pick applies at once. Any change goes back to page 1. */
export function CardFiltersBar({ filters, choices, onChange }: { filters: CardFilters; choices: CardFilterChoices | null; onChange: (f: CardFilters) => void }) {
  const t = useT();
  const [text, setText] = useState(filters.text);
  const apply = (patch: Partial<CardFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const pick = <K extends ListKey>(key: K) => (value: string) => apply({ [key]: toggle(filters[key] as string[], value) } as Partial<CardFilters>);
  const anyPicked = filters.statuses.length + filters.levels.length + filters.holderIds.length + filters.accountIds.length + filters.cardIds.length > 0;
  // Holders, accounts and cards are read from the first cards only: past that, the search box finds the rest.
  const capped = choices?.truncated ? t('office.pick.capped', { count: choices.cardsRead }) : null;
  const orders: { value: CardOrder; label: string }[] = [
    { value: 'live_first', label: t('office.cards.sort.liveFirst') },
    ...SORT_FIELDS.flatMap((s) => [
      { value: `${s.field}:asc` as CardOrder, label: `${t(s.label)} ↑` },
      { value: `${s.field}:desc` as CardOrder, label: `${t(s.label)} ↓` },
    ]),
  ];
  return (
    <form
      className="filters"
      role="search"
      aria-label={t('office.cards.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        apply({ text });
      }}
    >
      <div className="field grow">
        <label htmlFor="card-search">{t('office.cards.search')}</label>
        <input id="card-search" type="search" placeholder={t('office.cards.searchPlaceholder')} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary">{t('office.search')}</button>
      <MultiPick label={t('office.cards.status')} all={t('office.cards.allStatuses')} picked={filters.statuses} onToggle={pick('statuses')}
        options={CARD_STATUSES.map((s) => ({ value: s, label: cardStatusWords(t, s) }))} />
      <MultiPick label={t('office.cards.level')} all={t('office.cards.allLevels')} picked={filters.levels} onToggle={pick('levels')}
        options={CARD_LEVELS.map((l) => ({ value: l, label: cardLevelWords(t, l) }))} />
      <MultiPick label={t('office.cards.holder')} all={t('office.cards.allHolders')} picked={filters.holderIds} onToggle={pick('holderIds')} cappedNote={capped}
        options={(choices?.holders ?? []).map((h) => ({ value: h.id, label: h.name || t('office.cards.holderUnnamed') }))} />
      <MultiPick label={t('office.cards.account')} all={t('office.cards.allAccounts')} picked={filters.accountIds} onToggle={pick('accountIds')} cappedNote={capped}
        options={(choices?.bankAccounts ?? []).map((a) => ({ value: a.id, label: a.name || t('office.cards.accountUnlisted') }))} />
      <MultiPick label={t('office.cards.cards')} all={t('office.cards.allCards')} picked={filters.cardIds} onToggle={pick('cardIds')} cappedNote={capped}
        options={(choices?.cards ?? []).map((c) => ({ value: c.id, label: `${c.name || t('office.cards.unnamed')} •••• ${c.lastDigits}` }))} />
      <div className="field">
        <label htmlFor="card-sort">{t('office.sortBy')}</label>
        <select id="card-sort" value={filters.order} onChange={(e) => apply({ order: e.target.value as CardOrder })}>
          {orders.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </div>
      {anyPicked && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => apply({ statuses: [], levels: [], holderIds: [], accountIds: [], cardIds: [] })}>
          {t('office.cards.clearFilters')}
        </button>
      )}
    </form>
  );
}
