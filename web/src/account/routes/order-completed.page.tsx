import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, Navigate } from '@tanstack/react-router';
import { useSession } from '../../kit/auth/use-session';
import { useId } from 'react';
import '../../kit/cart/cart.css';
import { Shekels } from '../../kit/ui/Price';
import { heOrders } from '../he-orders';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { DocumentsForm } from '../components/DocumentsForm';
import { batchTakesDocuments, OrderDetails } from '../components/OrderDetails';
import '../components/orders.css';
import { ordersBatchQuery } from '../../kit/queries/orders';

const route = getRouteApi('/order/completed');

/**
 * /order/completed: the batch just placed, one summary per pharmacy, the reminder that each pharmacy still has to
 * confirm its order, and the optional upload of the documents for all of them at once.
 */
export function OrderCompletedPage() {
  useDocumentTitle(heOrders.completedTitle);
  const session = useSession();
  const { userId, batchUid } = route.useRouteContext();
  // Signed out on the page: home.
  if (!session || session.claims.sub !== userId) return <Navigate to="/" />;
  return <OrderCompleted userId={userId} batchUid={batchUid} />;
}

/** Loaded by the route: its loading and failure screens are the route's. */
function OrderCompleted({ userId, batchUid }: { userId: string; batchUid: string }) {
  const { data: batch } = useSuspenseQuery(ordersBatchQuery(userId, batchUid));
  const titleId = useId();
  const documentsId = useId();
  const grandTotal = batch.orders.reduce((sum, order) => sum + order.totalPrice, 0);
  const documentsWanted = batchTakesDocuments(batch.orders);
  return (
    <section className="order-completed" aria-labelledby={titleId}>
      <h1 id={titleId}>{heOrders.completedTitle}</h1>
      <p className="order-completed-lead">{heOrders.completedLead(batch.orders.length)}</p>
      <p className="order-confirm-note" role="note">
        {heOrders.confirmNote}
      </p>
      <div className="order-completed-orders">
        {batch.orders.map((order) => (
          <OrderDetails key={order.id} order={order} />
        ))}
      </div>
      {batch.orders.length > 1 && (
        <p className="order-grand-total">
          {heOrders.grandTotal}: <Shekels amount={grandTotal} />
        </p>
      )}
      {documentsWanted && (
        <section className="order-documents" aria-labelledby={documentsId}>
          <h2 id={documentsId}>{heOrders.documentsTitle}</h2>
          <p>{heOrders.documentsLead}</p>
          <DocumentsForm target={{ batchUid: batch.uid }} />
        </section>
      )}
      <p className="order-completed-links">
        <Link to="/user/orders" className="button button-primary">
          {heOrders.toOrders}
        </Link>
        <Link to="/" className="button button-secondary">
          {heOrders.backToSite}
        </Link>
      </p>
    </section>
  );
}
