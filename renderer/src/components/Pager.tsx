import type { PageMeta } from '../../../shared/domain/bank.js';

/** Previous / next over the bank's pagination meta, with where we are in words. */
export function Pager({ meta, noun, onPage }: { meta: PageMeta; noun: { one: string; many: string }; onPage: (page: number) => void }) {
  const total = Math.max(1, meta.total_pages);
  return (
    <nav className="pager" aria-label={`${noun.many} pages`}>
      <button type="button" className="btn btn-secondary" disabled={meta.prev_page === null} onClick={() => meta.prev_page !== null && onPage(meta.prev_page)}>
        Previous page
      </button>
      <span className="pager-status">
        Page {meta.current_page} of {total} · {meta.total_count} {meta.total_count === 1 ? noun.one : noun.many}
      </span>
      <button type="button" className="btn btn-secondary" disabled={meta.next_page === null} onClick={() => meta.next_page !== null && onPage(meta.next_page)}>
        Next page
      </button>
    </nav>
  );
}
