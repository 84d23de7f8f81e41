import type { CustomerOrder } from '@mc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useSession } from '../../kit/auth/use-session';
import '../../kit/cart/cart.css';
import '../../kit/forms/forms.css';
import { ErrorView } from '../../kit/ui/ErrorView';
import { heOrders } from '../he-orders';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { DocumentsForm } from '../components/DocumentsForm';
import { Modal } from '../components/Modal';
import { OrderDetails } from '../components/OrderDetails';
import { NoOrders, OrdersTable } from '../components/OrdersTable';
import '../components/orders.css';
import { ordersKeys, userOrderQuery, userOrdersQuery } from '../../kit/queries/orders';

const route = getRouteApi('/user/orders');

/** How long the search box waits after the last key before it asks (spec 9's debounce). */
export const ORDERS_SEARCH_DEBOUNCE_MS = 500;

/** /user/orders: the signed-in user's orders (spec 2.2). */
export function UserOrdersPage() {
  useDocumentTitle(heOrders.ordersTitle);
  const session = useSession();
  // Signed out on the page: home.
  if (!session) return <Navigate to="/" />;
  return <UserOrders userId={session.claims.sub} />;
}

/** The order whose dialog the address names: from the list when it is there, else asked for alone (a message's link). */
function ShownOrder({ userId, orderId, listed, onClose }: { userId: string; orderId: number; listed?: CustomerOrder; onClose: () => void }) {
  const one = useQuery({ ...userOrderQuery(userId, orderId), enabled: !listed });
  const order = listed ?? one.data;
  return (
    <Modal title={heOrders.orderNumber(orderId)} onClose={onClose}>
      {order ? (
        <OrderDetails order={order} headingLevel={3} />
      ) : one.isError ? (
        <ErrorView message={one.error.message} />
      ) : (
        <p role="status">{order === null ? heOrders.orderNotFound : heOrders.loading}</p>
      )}
    </Modal>
  );
}

function UserOrders({ userId }: { userId: string }) {
  const { search = '', page = 1, order: shownId } = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const searchId = useId();
  const [text, setText] = useState(search);
  const [attachTo, setAttachTo] = useState<CustomerOrder | null>(null);
  const query = useQuery(userOrdersQuery(userId, search, page));

  // The address is the truth (back and forward); typing waits for a pause before it asks.
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === search) return;
    const timer = setTimeout(() => void navigate({ search: { search: wanted || undefined, page: undefined }, replace: true }), ORDERS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, navigate]);

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  // Spec 4: a page number past the last page goes back to the first.
  const pastTheEnd = data !== undefined && !query.isPlaceholderData && page > pages && data.total > 0;
  useEffect(() => {
    if (pastTheEnd) void navigate({ search: (old) => ({ ...old, page: undefined }), replace: true });
  }, [pastTheEnd, navigate]);

  const toPage = (next: number) => void navigate({ search: (old) => ({ ...old, page: next > 1 ? next : undefined }) });
  // The dialog of an order lives in the address (a link opens it; closing it takes it out).
  const show = (id: number | undefined) => void navigate({ search: (old) => ({ ...old, order: id }), replace: true });

  return (
    <section className="user-orders" aria-labelledby={titleId}>
      <h1 id={titleId}>{heOrders.ordersTitle}</h1>
      <form className="user-orders-search form-field" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId}>{heOrders.searchLabel}</label>
        <input
          id={searchId}
          type="search"
          value={text}
          maxLength={100}
          placeholder={heOrders.searchPlaceholder}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </form>
      {query.isError ? (
        <ErrorView message={query.error.message} />
      ) : !data ? (
        <p className="list-loading" role="status">
          {heOrders.listLoading}
        </p>
      ) : data.orders.length === 0 ? (
        <NoOrders search={search} onClear={() => setText('')} />
      ) : (
        <>
          <p className="user-orders-count" role="status">
            {query.isFetching ? heOrders.updating : heOrders.ordersCount(data.total)}
          </p>
          <OrdersTable orders={data.orders} busy={query.isFetching} onView={show} onAttach={setAttachTo} />
          {pages > 1 && (
            <nav className="user-orders-pages" aria-label={heOrders.pagination}>
              <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => toPage(page - 1)}>
                {heOrders.previous}
              </button>
              <span>{heOrders.pageOf(Math.min(page, pages), pages)}</span>
              <button type="button" className="button button-secondary" disabled={page >= pages} onClick={() => toPage(page + 1)}>
                {heOrders.next}
              </button>
            </nav>
          )}
        </>
      )}
      {shownId !== undefined && <ShownOrder userId={userId} orderId={shownId} listed={data?.orders.find((o) => o.id === shownId)} onClose={() => show(undefined)} />}
      {attachTo && (
        <Modal title={heOrders.documentsFor(attachTo.id)} onClose={() => setAttachTo(null)}>
          <p>{heOrders.documentsLead}</p>
          <DocumentsForm
            target={{ orderId: attachTo.id }}
            onSubmitted={() => void queryClient.invalidateQueries({ queryKey: ordersKeys.all(userId) })}
          />
        </Modal>
      )}
    </section>
  );
}
