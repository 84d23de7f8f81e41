import type { ReactNode } from 'react';
import type { Layout } from '../../search-params/list-search';
import { useGrowingList } from './paging';

/**
 * The cards of a list, in a grid or one per row (on a phone, inside a PagingScope, every page seen so far).
 * The cards are memoized on their item, so a list drawn again around the same items skips them.
 */
export function CardList<T>({
  items,
  layout,
  keyOf,
  render,
  label,
}: {
  items: T[];
  layout: Layout;
  keyOf: (item: T) => string | number;
  render: (item: T) => ReactNode;
  label: string;
}) {
  const shown = useGrowingList(items, keyOf);
  return (
    <ul className={`card-list card-list-${layout}`} aria-label={label}>
      {shown.map((item) => (
        <li key={keyOf(item)}>{render(item)}</li>
      ))}
    </ul>
  );
}
