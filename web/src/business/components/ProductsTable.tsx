import type { BusinessPharmProduct } from '@mc/contracts';
import { Button, Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { OfferFreshness } from '../../kit/ui/Price';
import { heBusiness } from '../i18n/he-business';
import { heProducts } from '../i18n/he-products';
import { PartnerLockMark, PartnerProductId } from './partner';
import { expiryBadge, type groupByDosage } from './products-view';
import { formatShekels } from '../../kit/backoffice/ui';

const COLUMNS = 6;

type RowAction = (row: BusinessPharmProduct) => void;

/** The offers grouped under their dosage headings (sticky header, React Aria table), each with its actions. */
export function ProductsTable({ businessId, groups, highlight, now, emptyText, onEdit, onBump, onConfirm, onDelete }: {
  businessId: string;
  groups: ReturnType<typeof groupByDosage>;
  /** The bumped row, highlighted for a while. */
  highlight: number | null;
  now: Date;
  emptyText: string;
  onEdit: RowAction;
  onBump: RowAction;
  onConfirm: RowAction;
  onDelete: RowAction;
}) {
  return (
    <div className="bo-table-wrap">
      <Table aria-labelledby="bo-products-title" className="bo-table bo-products-table">
        <TableHeader>
          <Column isRowHeader>{heProducts.columns.product}</Column>
          <Column>{heProducts.columns.price}</Column>
          <Column>{heProducts.columns.stock}</Column>
          <Column>{heProducts.columns.expiry}</Column>
          <Column>{heProducts.columns.published}</Column>
          <Column>{heProducts.columns.actions}</Column>
        </TableHeader>
        <TableBody renderEmptyState={() => <p className="bo-empty">{emptyText}</p>}>
          {groups.flatMap((group) => [
            <Row key={`group-${group.dosage ?? 'none'}`} id={`group-${group.dosage ?? 'none'}`} className="bo-dosage-heading" textValue={group.heading}>
              <Cell colSpan={COLUMNS}><span role="heading" aria-level={3}>{group.heading}</span></Cell>
            </Row>,
            ...group.rows.map((row) => {
              const badge = expiryBadge(row.expiresAt, now);
              const name = row.product.info.hebName || row.product.name;
              return (
                <Row
                  key={row.id} id={row.id} textValue={name}
                  className={highlight === row.id ? 'bo-product-row bo-row-bumped' : 'bo-product-row'}
                >
                  <Cell>
                    <span className="bo-product-cell">
                      <a href={`/pharms/${encodeURIComponent(businessId)}/products/${row.id}`}>{name}</a>
                      <bdi className="bo-muted">{row.product.info.engName}</bdi>
                      <PartnerProductId product={row.product} />
                      {row.isYarpaLocked && <PartnerLockMark updatedAt={row.confirmedAt} />}
                    </span>
                  </Cell>
                  <Cell><PriceCell row={row} /></Cell>
                  <Cell>
                    <StockCell row={row} />
                    <OfferFreshness confirmedAt={Date.parse(row.confirmedAt)} now={now} />
                  </Cell>
                  <Cell>{badge && <span className={`bo-badge bo-badge-${badge.tone}`}>{badge.label}</span>}</Cell>
                  <Cell>{row.published ? heProducts.yes : heProducts.no}</Cell>
                  <Cell>
                    <span className="bo-row-actions" role="group" aria-label={heProducts.rowActions(name)}>
                      <Button className="button button-small" onPress={() => onEdit(row)}>
                        {heBusiness.edit}
                      </Button>
                      <Button className="button button-small" onPress={() => onBump(row)}>{heProducts.bump}</Button>
                      {!row.isYarpaLocked && (
                        <Button className="button button-small" onPress={() => onConfirm(row)}>{heProducts.confirm}</Button>
                      )}
                      <Button className="button button-small button-danger" onPress={() => onDelete(row)}>{heBusiness.delete}</Button>
                    </span>
                  </Cell>
                </Row>
              );
            }),
          ])}
        </TableBody>
      </Table>
    </div>
  );
}

function StockCell({ row }: { row: BusinessPharmProduct }) {
  if (row.alwaysInStock) return <span className="bo-badge bo-badge-success">{heProducts.alwaysInStock}</span>;
  if (!row.inStock || row.amount <= 0) return <span className="bo-badge bo-badge-danger">{heProducts.outOfStock}</span>;
  return <span className="bo-num">{heProducts.inStockUnits(row.amount)}</span>;
}

function PriceCell({ row }: { row: BusinessPharmProduct }) {
  return (
    <span className="bo-price">
      <bdi className="bo-num">{formatShekels(row.totalPrice)}</bdi>
      {row.price === 0 && <span className="bo-hint">{heProducts.catalogPriceShort}</span>}
    </span>
  );
}
