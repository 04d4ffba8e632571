import { useState } from 'react';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { Pager } from '../components/Pager.js';
import { useRemote } from '../hooks/useRemote.js';
import { cardQuery, defaultCardFilters, type CardFilters } from '../logic/cards.js';
import { CardFiltersBar } from './CardFiltersBar.js';
import { CardItem } from './CardItem.js';
import { useT } from '../i18n/useT.js';
import { RefreshButton, SectionHead } from '../components/SectionHead.js';

/** The organization's cards the signed-in member may see, with their lifecycle actions. */
export function Cards() {
  const t = useT();
  const [filters, setFilters] = useState<CardFilters>(defaultCardFilters);
  const query = cardQuery(filters);
  const cards = useRemote(() => call('listCards', query), JSON.stringify(query));

  return (
    <section className="bo-section" aria-labelledby="cards-heading">
      <SectionHead id="cards-heading" title="Cards">
        <RefreshButton onClick={cards.reload} />
      </SectionHead>
      <CardFiltersBar filters={filters} onChange={setFilters} />
      <ErrorAlert error={cards.error} />
      {cards.loading && !cards.data && <p className="muted" role="status">Loading cards…</p>}
      {cards.data && cards.data.items.length === 0 && <p className="empty">No card matches.</p>}
      {cards.data && cards.data.items.length > 0 && (
        <ul className={`card-list ${cards.loading ? 'is-stale' : ''}`} aria-busy={cards.loading || undefined}>
          {cards.data.items.map((card) => (
            <CardItem key={card.id} card={card}
              onChanged={(fresh) => cards.patch((page) => ({ ...page, items: page.items.map((c) => (c.id === fresh.id ? fresh : c)) }))} />
          ))}
        </ul>
      )}
      {cards.data && <Pager meta={cards.data.meta} count={t('cards.count', { count: cards.data.meta.total_count })} onPage={(page) => setFilters({ ...filters, page })} />}
    </section>
  );
}
