import type { PageMeta } from '../../../shared/domain/bank.js';
import { useT } from '../i18n/useT.js';

/** Previous / next over the bank's pagination meta; count: "12 cards" already worded by the list. */
export function Pager({ meta, count, onPage }: { meta: PageMeta; count: string; onPage: (page: number) => void }) {
  const t = useT();
  const total = Math.max(1, meta.total_pages);
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="btn btn-secondary" disabled={meta.prev_page === null} onClick={() => meta.prev_page !== null && onPage(meta.prev_page)}>
        {t('pager.previous')}
      </button>
      <span className="pager-status">
        {t('pager.status', { page: meta.current_page, total })} · {count}
      </span>
      <button type="button" className="btn btn-secondary" disabled={meta.next_page === null} onClick={() => meta.next_page !== null && onPage(meta.next_page)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
