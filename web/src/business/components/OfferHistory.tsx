import { OFFER_HISTORY_LIMIT, type OfferHistory, type OfferHistoryEntry } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Cell, Row } from 'react-aria-components';
import { BoTable } from '../../kit/backoffice/table';
import { formatDateTime, formatShekels } from '../../kit/backoffice/ui';
import { heProducts } from '../i18n/he-products';
import { offerHistoryQuery } from '../queries/products';

const text = heProducts.history;
const COLUMNS = [text.columns.at, text.columns.price, text.columns.inStock, text.columns.amount, text.columns.published, text.columns.source] as const;

/** The offer's changes as a table, newest first: when (Israel time), price, in stock, amount, published, and who changed it. */
export function OfferHistoryTable({ history, labelledBy }: { history: OfferHistory; labelledBy: string }) {
  const rows = history.entries.map((entry, index): OfferHistoryEntry & { id: number } => ({ ...entry, id: index }));
  return (
    <BoTable className="bo-table bo-history-table" labelledBy={labelledBy} columns={COLUMNS} items={rows} empty={text.empty}>
      {(entry) => (
        <Row id={entry.id} textValue={formatDateTime(entry.at)}>
          <Cell><time dateTime={entry.at} className="bo-num">{formatDateTime(entry.at)}</time></Cell>
          <Cell><span className="bo-num">{formatShekels(entry.price)}</span></Cell>
          <Cell>{entry.inStock ? heProducts.yes : heProducts.no}</Cell>
          <Cell><span className="bo-num">{entry.amount ?? '—'}</span></Cell>
          <Cell>{entry.published ? heProducts.yes : heProducts.no}</Cell>
          <Cell>{text.sources[entry.source] ?? entry.source}</Cell>
        </Row>
      )}
    </BoTable>
  );
}

/**
 * The offer's history in its edit dialog (issue 31): behind a disclosure, asked for when opened, the latest
 * OFFER_HISTORY_LIMIT changes of its price, stock and publication with their source.
 */
export function OfferHistorySection({ businessId, id }: { businessId: string; id: number }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...offerHistoryQuery(businessId, id), enabled: open });
  return (
    <section className="bo-history" aria-labelledby={headingId}>
      <h3 id={headingId} className="bo-history-title">{text.title}</h3>
      <button type="button" className="bo-link-button" aria-expanded={open} aria-controls={`${headingId}-body`} onClick={() => setOpen(!open)}>
        {open ? text.hide : text.show}
      </button>
      <div id={`${headingId}-body`} hidden={!open}>
        {open && query.isPending && <p role="status">{heProducts.loading}</p>}
        {open && query.isError && (
          <p className="bo-alert bo-alert-error" role="alert">
            {text.loadFailed}: {query.error.message}{' '}
            <button type="button" className="bo-link-button" onClick={() => void query.refetch()}>{heProducts.retry}</button>
          </p>
        )}
        {open && query.data && (
          <>
            <p className="bo-muted">{text.newestFirst(OFFER_HISTORY_LIMIT)}</p>
            <OfferHistoryTable history={query.data} labelledBy={headingId} />
          </>
        )}
      </div>
    </section>
  );
}
