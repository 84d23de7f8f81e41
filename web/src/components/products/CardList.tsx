import type { ReactNode } from 'react';
import type { Layout } from './list-search';

/** The cards of a list, in a grid or one per row. */
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
  return (
    <ul className={`card-list card-list-${layout}`} aria-label={label}>
      {items.map((item) => (
        <li key={keyOf(item)}>{render(item)}</li>
      ))}
    </ul>
  );
}
