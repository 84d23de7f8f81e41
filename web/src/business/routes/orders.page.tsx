import {
  OWNER_SETTABLE_STATUSES, ORDER_STATUS_LABELS,
  type BusinessOrder, type OrderStatus,
} from '@mc/contracts';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Button, Cell, Input, Label, ListBox, ListBoxItem, Popover, Row, SearchField, Select, SelectValue } from 'react-aria-components';
import { isApiError } from '../../kit/api/client';
import { ErrorView } from '../../kit/ui/ErrorView';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { heBusiness } from '../i18n/he-business';
import { heOrders } from '../i18n/he-orders';
import { businessKey } from '../queries/business';
import { businessOrdersQuery, revealIdNumber, saveOrderStatuses } from '../queries/orders';
import { StatusAutosave, type StatusChange } from '../components/status-autosave';
import { BusinessDialog, formatDateTime, formatPhone, formatShekels, Pager, SaveIndicator, useUnsavedChangesWarning } from '../../kit/backoffice/ui';
import { BoTable } from '../../kit/backoffice/table';
import '../components/orders.css';

/** Spec 4: lists load about 100 ms after a change (here, the search box's last keystroke). */
const SEARCH_DEBOUNCE_MS = 100;
/** Spec 4: statuses no one may leave; their select is disabled. */
const LOCKED: readonly OrderStatus[] = ['complete', 'canceled', 'closed'];
const TONE: Partial<Record<OrderStatus, 'warning' | 'success' | 'danger'>> = { pending: 'warning', complete: 'success', canceled: 'danger' };

/** Spec 2 and 4: the order table with its search box, pager, auto-saving status column and order view. */
export function OrdersPage() {
  const { businessId } = useParams({ from: '/business/$businessId' });
  const { page = 1, search } = useSearch({ from: '/business/$businessId/orders' });
  const navigate = useNavigate({ from: '/business/$businessId/orders' });
  useDocumentTitle(heOrders.title);

  const list = useQuery(businessOrdersQuery(businessId, page, search));
  // A phone's 'load more': the pages after the current one, appended below it.
  const [loadedThrough, setLoadedThrough] = useState(page);
  useEffect(() => setLoadedThrough(page), [page, search]);
  const more = useQueries({
    queries: Array.from({ length: Math.max(0, loadedThrough - page) }, (_, i) => businessOrdersQuery(businessId, page + 1 + i, search)),
  });
  const orders = [...(list.data?.orders ?? []), ...more.flatMap((q) => q.data?.orders ?? [])];

  const autosave = useStatusAutosave(businessId);
  const { state, pending } = useSyncExternalStore(autosave.subscribe, autosave.getSnapshot);
  // The autosave outlives a search or another page of the list; leaving the orders page (or reloading) asks first.
  useUnsavedChangesWarning(state === 'dirty' || state === 'saving', { samePageIsSafe: true });

  const [viewed, setViewed] = useState<BusinessOrder | null>(null);

  if (list.isError && !list.data) {
    if (isApiError(list.error) && list.error.status === 404) return <NotFoundPage />;
    return <ErrorView message={list.error.message} onRetry={() => void list.refetch()} />;
  }

  const data = list.data;
  return (
    <section className="bo-orders" aria-labelledby="bo-orders-title">
      <div className="bo-toolbar">
        <h2 id="bo-orders-title">{heOrders.title}</h2>
        <SaveIndicator state={state} />
        <SearchBox
          value={search ?? ''}
          onSearch={(text) => void navigate({ search: (prev) => ({ ...prev, search: text || undefined, page: undefined }), replace: true })}
        />
      </div>
      {!data ? (
        <p className="bo-empty" role="status">{heOrders.idNumberLoading}</p>
      ) : (
        <>
          <BoTable
            label={heOrders.tableLabel} className="bo-table bo-orders-table" items={orders}
            columns={[
              heOrders.columns.id, heOrders.columns.createdAt, heOrders.columns.customer, heOrders.columns.phone, heOrders.columns.delivery,
              heOrders.columns.products, heOrders.columns.total, heOrders.columns.status,
            ]}
            // The rows show the edits waiting for the autosave: without this the collection keeps each row as it
            // was first drawn, and a chosen status showed only after the save's refetch.
            dependencies={[pending]}
            empty={search ? heBusiness.noResults : heOrders.noOrders}
          >
            {(order) => (
              <Row id={order.id} className="bo-row">
                <Cell>
                  <Button className="bo-link-button" data-opens-dialog onPress={() => setViewed(order)} aria-label={heOrders.openOrder(order.id)}>
                    <span className="bo-num">#{order.id}</span>
                  </Button>
                </Cell>
                <Cell><span className="bo-num">{formatDateTime(order.createdAt)}</span></Cell>
                <Cell>{order.firstName} {order.lastName}</Cell>
                <Cell><bdi className="bo-num">{formatPhone(order.phone)}</bdi></Cell>
                <Cell>{order.pickup ? heOrders.pickup : heOrders.delivery}</Cell>
                <Cell><span className="bo-num">{order.productsCount}</span></Cell>
                <Cell><span className="bo-num">{formatShekels(order.totalPrice)}</span></Cell>
                <Cell>
                  <StatusSelect
                    order={order}
                    value={pending.get(order.id) ?? order.status}
                    unsaved={pending.has(order.id)}
                    onChange={(status) => autosave.edit(order.id, status, order.status)}
                  />
                </Cell>
              </Row>
            )}
          </BoTable>
          <Pager
            page={page}
            total={data.total}
            perPage={data.perPage}
            loadedThrough={loadedThrough}
            onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })}
            onLoadMore={() => setLoadedThrough((n) => n + 1)}
          />
        </>
      )}
      <OrderDialog businessId={businessId} order={viewed} onClose={() => setViewed(null)} />
    </section>
  );
}

/** The page's one autosave; after each save the list is refetched (and the dashboard's open orders with it). */
function useStatusAutosave(businessId: string): StatusAutosave {
  const queryClient = useQueryClient();
  const ref = useRef<StatusAutosave>(null);
  if (!ref.current) {
    const refetch = () => queryClient.invalidateQueries({ queryKey: businessKey(businessId) });
    ref.current = new StatusAutosave(
      async (changes: StatusChange[]) => {
        await saveOrderStatuses(businessId, changes);
        // The rows keep showing the edits until the list has the saved statuses (no flicker back to the old ones).
        await refetch().catch(() => undefined);
      },
      (outcome) => {
        if (outcome === 'error') void refetch();
      },
    );
  }
  useEffect(() => () => ref.current?.dispose(), []);
  return ref.current;
}

/** The search box: debounced into the address's `search` (page 1 again). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <SearchField className="bo-search" value={text} onChange={setText} onSubmit={(t) => latest.current(t.trim())}>
      <Label className="bo-visually-hidden">{heOrders.searchLabel}</Label>
      <Input className="bo-search-input" placeholder={heOrders.searchPlaceholder} />
      <Button className="bo-icon-button" aria-label={heOrders.clearSearch}>×</Button>
    </SearchField>
  );
}

/**
 * Spec 4's status column: only pending, complete and canceled may be chosen (a new or open order shows its status,
 * not choosable); a complete, canceled or closed order is locked.
 */
function StatusSelect({ order, value, unsaved, onChange }: {
  order: BusinessOrder; value: OrderStatus; unsaved: boolean; onChange: (status: OrderStatus) => void;
}) {
  const locked = LOCKED.includes(order.status);
  const keys: OrderStatus[] = OWNER_SETTABLE_STATUSES.includes(order.status) ? [...OWNER_SETTABLE_STATUSES] : [order.status, ...OWNER_SETTABLE_STATUSES];
  const unsavedId = useId();
  return (
    <div className="bo-status-cell">
      <Select
        className={`bo-status bo-status-${TONE[value] ?? 'muted'}`}
        aria-label={heOrders.statusLabel(order.id)}
        selectedKey={value}
        onSelectionChange={(key) => key && onChange(key as OrderStatus)}
        isDisabled={locked}
        disabledKeys={keys.filter((k) => !OWNER_SETTABLE_STATUSES.includes(k))}
        aria-describedby={unsaved ? unsavedId : undefined}
      >
        <Button className="bo-status-button">
          <SelectValue />
          <span aria-hidden="true" className="bo-status-caret">▾</span>
        </Button>
        <Popover className="bo-popover">
          <ListBox className="bo-listbox">
            {keys.map((k) => (
              <ListBoxItem key={k} id={k} className={`bo-option bo-option-${TONE[k] ?? 'muted'}`}>{ORDER_STATUS_LABELS[k]}</ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
      {unsaved && <span id={unsavedId} className="bo-status-unsaved">{heBusiness.rowNotSavedYet}</span>}
    </div>
  );
}

/** Spec 2's order view: items, totals, discounts, how it is received, notes, contact, documents and the ID number on request. */
function OrderDialog({ businessId, order, onClose }: { businessId: string; order: BusinessOrder | null; onClose: () => void }) {
  return (
    <BusinessDialog title={order ? heOrders.dialogTitle(order.id) : ''} isOpen={order !== null} onClose={onClose} wide>
      {order && <OrderView key={order.id} businessId={businessId} order={order} />}
    </BusinessDialog>
  );
}

function OrderView({ businessId, order }: { businessId: string; order: BusinessOrder }) {
  // A mutation, not a query: the number is never kept in the query cache, and goes with the dialog.
  const reveal = useMutation({
    mutationFn: () => revealIdNumber(businessId, order.id),
  });
  // The button gives way to the number: the focus goes to it, so the keyboard (and Escape) stay in the dialog.
  const revealed = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (reveal.data) revealed.current?.focus();
  }, [reveal.data]);
  const shipping = order.shippingCostTotalPrice === 0 ? heBusiness.free : formatShekels(order.shippingCostTotalPrice);
  return (
    <div className="bo-order">
      <p className="bo-order-meta">
        {heOrders.placedAt}: <span className="bo-num">{formatDateTime(order.createdAt)}</span> · {ORDER_STATUS_LABELS[order.status]}
      </p>

      <h3>{heOrders.items}</h3>
      <table className="bo-table bo-order-items">
        <thead>
          <tr>
            <th scope="col">{heOrders.itemName}</th>
            <th scope="col">{heOrders.itemAmount}</th>
            <th scope="col">{heOrders.itemPrice}</th>
            <th scope="col">{heOrders.itemOriginalPrice}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.pharmProductId}>
              <td>{item.name}</td>
              <td className="bo-num">{item.amount}</td>
              <td className="bo-num">{formatShekels(item.price)}</td>
              <td className="bo-num">{item.originalPrice !== item.price ? <s>{formatShekels(item.originalPrice)}</s> : formatShekels(item.originalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3>{heOrders.totals}</h3>
      <dl className="bo-order-totals">
        <dt>{heOrders.cartOriginal}</dt><dd className="bo-num">{formatShekels(order.cartCostDiscountsOriginalPrice)}</dd>
        <dt>{heOrders.discounts}</dt><dd className="bo-num">{formatShekels(order.cartCostDiscountsTotalAmount)}</dd>
        <dt>{heOrders.cartTotal}</dt><dd className="bo-num">{formatShekels(order.cartCostTotalPrice)}</dd>
        <dt>{heOrders.shipping}</dt><dd className="bo-num" data-testid="order-shipping">{shipping}</dd>
        <dt>{heOrders.total}</dt><dd className="bo-num"><strong>{formatShekels(order.totalPrice)}</strong></dd>
      </dl>

      {order.discounts.length > 0 && (
        <>
          <h3>{heOrders.discountCodes}</h3>
          <ul className="bo-order-discounts">
            {order.discounts.map((d) => (
              <li key={d.code}>
                <bdi className="bo-num">{d.code}</bdi> · {d.name}{d.amount !== undefined && <> · <span className="bo-num">{formatShekels(d.amount)}</span></>}
              </li>
            ))}
          </ul>
        </>
      )}

      <h3>{heOrders.receiving}</h3>
      {order.pickup || !order.address ? (
        <p>{heOrders.pickup}</p>
      ) : (
        <dl className="bo-order-fields">
          <dt>{heOrders.address}</dt><dd>{order.address.address}</dd>
          <dt>{heOrders.houseNumber}</dt><dd>{order.address.houseNumber}</dd>
          {order.address.floor !== null && <><dt>{heOrders.floor}</dt><dd className="bo-num">{order.address.floor}</dd></>}
          {order.address.apartment !== null && <><dt>{heOrders.apartment}</dt><dd className="bo-num">{order.address.apartment}</dd></>}
        </dl>
      )}

      {order.notes && (
        <>
          <h3>{heOrders.notes}</h3>
          <p className="bo-order-notes">{order.notes}</p>
        </>
      )}

      <h3>{heOrders.contact}</h3>
      <dl className="bo-order-fields">
        <dt>{heOrders.name}</dt><dd>{order.firstName} {order.lastName}</dd>
        <dt>{heOrders.phone}</dt><dd><a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}><bdi className="bo-num">{formatPhone(order.phone)}</bdi></a></dd>
        <dt>{heOrders.email}</dt><dd><a href={`mailto:${order.email}`}><bdi>{order.email}</bdi></a></dd>
      </dl>

      <h3>{heOrders.documents}</h3>
      <p>{heOrders.documentsState[order.documents]}</p>
      <dl className="bo-order-fields">
        <dt>{heOrders.idDocument}</dt><dd>{order.identification.idDocument ? heOrders.attached : heOrders.notAttached}</dd>
        <dt>{heOrders.licenseDocument}</dt><dd>{order.identification.licenseDocument ? heOrders.attached : heOrders.notAttached}</dd>
        <dt>{heOrders.prescriptionDocument}</dt><dd>{order.identification.prescriptionDocument ? heOrders.attached : heOrders.notAttached}</dd>
      </dl>

      <h3>{heOrders.idNumber}</h3>
      {!order.hasIdNumber ? (
        <p>{heOrders.idNumberGone}</p>
      ) : reveal.data ? (
        <p className="bo-id-number" ref={revealed} tabIndex={-1}><bdi className="bo-num">{reveal.data.idNumber}</bdi></p>
      ) : (
        <>
          <Button className="button" onPress={() => reveal.mutate()} isDisabled={reveal.isPending}>
            {reveal.isPending ? heOrders.idNumberLoading : heOrders.showIdNumber}
          </Button>
          {reveal.isError && <p className="bo-alert bo-alert-error" role="alert">{reveal.error.message}</p>}
        </>
      )}
    </div>
  );
}
