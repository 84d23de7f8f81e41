import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { he } from '../../../kit/i18n/he';

/** Spec 9: phones are up to 768 px wide. */
const PHONE_QUERY = '(max-width: 768px)';

const phoneQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : undefined);

function subscribeToWidth(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the screen is a phone's; the server draws the desktop page. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribeToWidth, () => phoneQuery()?.matches ?? false, () => false);
}

interface Paging {
  page: number;
  /** The list's parameters other than the page: a change starts the list over. */
  listKey: string;
}

const PagingContext = createContext<Paging | null>(null);

/** A list's `listKey`: its URL parameters other than the page. */
export const listKeyOf = (search: { page?: number }) => JSON.stringify({ ...search, page: undefined });

/**
 * Spec 4: on phones a list grows at its end instead of turning pages. Inside this scope, on a phone,
 * `useGrowingList` keeps the items of the pages already seen and adds each next page to them.
 */
export function PagingScope({ page, listKey, children }: Paging & { children: ReactNode }) {
  const phone = useIsPhone();
  return <PagingContext.Provider value={phone ? { page, listKey } : null}>{children}</PagingContext.Provider>;
}

export function useGrowingList<T>(items: T[], keyOf: (item: T) => string | number): T[] {
  const paging = useContext(PagingContext);
  const seen = useRef<{ listKey: string; pages: Map<number, T[]> }>({ listKey: '', pages: new Map() });
  if (!paging) return items;
  if (seen.current.listKey !== paging.listKey) seen.current = { listKey: paging.listKey, pages: new Map() };
  seen.current.pages.set(paging.page, items);
  const keys = new Set<string | number>();
  return [...seen.current.pages.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, pageItems]) => pageItems)
    .filter((item) => !keys.has(keyOf(item)) && keys.add(keyOf(item)));
}

/** The end of a growing list: loads the next page when it comes into view, or on the button (keyboard). */
export function LoadMore({ onMore, busy }: { onMore: () => void; busy: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = button.current;
    if (!target || busy || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [onMore, busy]);
  return (
    <div className="load-more">
      <button ref={button} type="button" className="button button-secondary" disabled={busy} onClick={onMore}>
        {busy ? he.loading : he.lists.loadMore}
      </button>
    </div>
  );
}
