import { useState } from 'react';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { Pager } from '../components/Pager.js';
import { SectionIfAllowed, UnavailableNote } from '../components/Unavailable.js';
import { useAccess } from '../hooks/useAccess.js';
import { useRemote } from '../hooks/useRemote.js';
import { useT } from '../i18n/useT.js';
import { cardQuery, defaultCardFilters, type CardFilters } from '../logic/cards.js';
import { accessNotes } from '../logic/access-notes.js';
import { useApp } from '../store/app.js';
import { CardFiltersBar } from './CardFiltersBar.js';
import { CardItem } from './CardItem.js';
import { RefreshButton, SectionHead } from '../components/SectionHead.js';

const NOTE_ID = 'cards-unavailable';

/** The organization's cards the signed-in member may see; actions it may not do are explained before anyone tries. */
export function Cards() {
  const t = useT();
  const access = useAccess();
  const title = t('office.cards.title');
  return (
    <SectionIfAllowed action="viewCards" headingId="cards-heading" title={title}>
      <section className="bo-section" aria-labelledby="cards-heading">
        {access ? <CardList /> : (
          <>
            <SectionHead id="cards-heading" title={title} />
            <p className="muted" role="status">{t('office.access.checking')}</p>
          </>
        )}
      </section>
    </SectionIfAllowed>
  );
}

function CardList() {
  const t = useT();
  const access = useApp((s) => s.access)!;
  const [filters, setFilters] = useState<CardFilters>(defaultCardFilters);
  const query = cardQuery(filters);
  const cards = useRemote(() => call('listCards', query), JSON.stringify(query));
  const choices = useRemote(() => call('getCardFilterChoices', undefined), 'choices');
  const notes = accessNotes(t, access, ['renameCard', 'restrictCard', 'unlockCard', 'lockCard', 'reportCardLost']);
  const reload = () => {
    cards.reload();
    void useApp.getState().loadAccess();
  };

  return (
    <>
      <SectionHead id="cards-heading" title={t('office.cards.title')}>
        <RefreshButton onClick={reload} />
      </SectionHead>
      {notes.length > 0 && (
        <div id={NOTE_ID}>
          {notes.map((n) => <UnavailableNote key={n.reason} what={n.labels} reason={n.reason} />)}
        </div>
      )}
      <CardFiltersBar filters={filters} choices={choices.data} onChange={setFilters} />
      <ErrorAlert error={cards.error ?? choices.error} />
      {cards.loading && !cards.data && <p className="muted" role="status">{t('office.cards.loading')}</p>}
      {cards.data && cards.data.items.length === 0 && <p className="empty">{t('office.cards.none')}</p>}
      {cards.data && cards.data.items.length > 0 && (
        <ul className={`card-list ${cards.loading ? 'is-stale' : ''}`} aria-busy={cards.loading || undefined} aria-label={t('office.cards.found')}>
          {cards.data.items.map((card) => (
            <CardItem key={card.id} card={card} access={access} noteId={NOTE_ID}
              onChanged={(fresh) => cards.patch((page) => ({ ...page, items: page.items.map((c) => (c.id === fresh.id ? fresh : c)) }))} />
          ))}
        </ul>
      )}
      {cards.data && <Pager meta={cards.data.meta} count={t('cards.count', { count: cards.data.meta.total_count })} onPage={(page) => setFilters({ ...filters, page })} />}
    </>
  );
}
