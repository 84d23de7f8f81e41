import { he } from '../../../kit/i18n/he';
import { LoadMore, useIsPhone } from './paging';

/** Page numbers around the current one, with the first and last always shown. */
export function visiblePages(page: number, total: number): (number | 'gap')[] {
  const pages = new Set([1, total, page - 1, page, page + 1].filter((n) => n >= 1 && n <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1] > 1 ? ['gap' as const, n] : [n]));
}

/**
 * The desktop pager: previous, numbered pages, next; hidden when there is one page. On a phone, when the
 * list can grow (`onMore`, inside a PagingScope), the next page loads at the end of the list instead.
 */
export function Pager({ page, total, onPage: choose, onMore, busy = false, scrollToId }: {
  page: number;
  total: number;
  onPage: (page: number) => void;
  onMore?: () => void;
  busy?: boolean;
  /** The element brought into view after a page is chosen (the list's heading). */
  scrollToId?: string;
}) {
  const phone = useIsPhone();
  if (total <= 1) return null;
  const onPage = (next: number) => {
    choose(next);
    if (scrollToId) document.getElementById(scrollToId)?.scrollIntoView({ block: 'start' });
  };
  if (phone && onMore) return page < total ? <LoadMore onMore={onMore} busy={busy} /> : null;
  return (
    <nav className="pager" aria-label={he.lists.pager}>
      <button type="button" className="pager-step" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">→ </span>
        {he.lists.previous}
      </button>
      <ol className="pager-pages">
        {visiblePages(page, total).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pager-gap">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className="pager-page"
                aria-current={n === page ? 'page' : undefined}
                aria-label={he.lists.pageN(n)}
                onClick={() => onPage(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ol>
      <button type="button" className="pager-step" disabled={page >= total} onClick={() => onPage(page + 1)}>
        {he.lists.next}
        <span aria-hidden="true"> ←</span>
      </button>
    </nav>
  );
}
