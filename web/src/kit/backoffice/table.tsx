import type { ReactElement } from 'react';
import { Button, Column, Table, TableBody, TableHeader } from 'react-aria-components';
import { heBackOffice as heBusiness } from './he-backoffice';

/**
 * A back-office list as a React Aria table: the column headings (the first names the row), a row per item drawn by
 * `children`, and `empty` when there is none.
 */
export function BoTable<T extends object>({ className, label, labelledBy, columns, items, empty, dependencies, children }: {
  className: string;
  label?: string;
  labelledBy?: string;
  columns: readonly string[];
  items: Iterable<T>;
  empty: string;
  /** What else the rows are drawn from (the collection redraws a row only when its item or these change). */
  dependencies?: readonly unknown[];
  children: (item: T) => ReactElement;
}) {
  return (
    <div className="bo-table-wrap">
      <Table aria-label={label} aria-labelledby={labelledBy} className={className}>
        <TableHeader>
          {columns.map((column, index) => <Column key={index} isRowHeader={index === 0}>{column}</Column>)}
        </TableHeader>
        <TableBody items={items} dependencies={dependencies} renderEmptyState={() => <p className="bo-empty">{empty}</p>}>
          {children}
        </TableBody>
      </Table>
    </div>
  );
}

/** A row's edit and delete buttons, each named with the row (`editLabel`, `deleteLabel`). */
export function RowActions({ editLabel, deleteLabel, danger, onEdit, onDelete }: {
  editLabel: string;
  deleteLabel: string;
  /** The delete button in the danger colour. */
  danger?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="bo-row-actions">
      <Button className="button" aria-label={editLabel} onPress={onEdit}>{heBusiness.edit}</Button>
      <Button className={danger ? 'button button-danger' : 'button'} aria-label={deleteLabel} onPress={onDelete}>{heBusiness.delete}</Button>
    </div>
  );
}
