import type { CustomerOrder } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../kit/lib/pharm-format';
import { Shekels } from '../../kit/ui/Price';
import { heOrders } from '../he-orders';
import { canAttachDocuments, statusLabel } from './OrderDetails';

/** The user's orders, a row each, with the order's dialog and (while it may take them) the documents'. */
export function OrdersTable({ orders, busy, onView, onAttach }: {
  orders: CustomerOrder[];
  busy: boolean;
  onView: (orderId: number) => void;
  onAttach: (order: CustomerOrder) => void;
}) {
  return (
    <div className="user-orders-table-wrap">
      <table className="user-orders-table" aria-busy={busy}>
        <caption className="visually-hidden">{heOrders.ordersTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{heOrders.orderNumberLabel}</th>
            <th scope="col">{heOrders.date}</th>
            <th scope="col">{heOrders.pharmacy}</th>
            <th scope="col">{heOrders.productsCount}</th>
            <th scope="col">{heOrders.total}</th>
            <th scope="col">{heOrders.status}</th>
            <th scope="col">{heOrders.documents}</th>
            <th scope="col">{heOrders.actions}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" data-label={heOrders.orderNumberLabel}>
                <bdi>{order.id}</bdi>
              </th>
              <td data-label={heOrders.date}>
                <bdi dir="ltr">{formatDateTime(order.createdAt)}</bdi>
              </td>
              <td data-label={heOrders.pharmacy}>{order.pharm.name}</td>
              <td data-label={heOrders.productsCount}>
                <bdi>{order.productsCount}</bdi>
              </td>
              <td data-label={heOrders.total}>
                <Shekels amount={order.totalPrice} />
              </td>
              <td data-label={heOrders.status}>
                <span className={`badge order-status order-status-${order.status}`}>{statusLabel(order)}</span>
              </td>
              <td data-label={heOrders.documents}>{heOrders.documentsStates[order.documents] ?? order.documents}</td>
              <td className="user-orders-actions">
                <button type="button" className="button button-secondary" aria-haspopup="dialog" aria-label={heOrders.viewOrder(order.id)} onClick={() => onView(order.id)}>
                  {heOrders.view}
                </button>
                {canAttachDocuments(order) && (
                  <button type="button" className="button button-primary" aria-haspopup="dialog" aria-label={heOrders.attachTo(order.id)} onClick={() => onAttach(order)}>
                    {heOrders.attach}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** No orders: none found for the search (and the way to clear it), or none at all (and the way to the products). */
export function NoOrders({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <div className="cart-empty" role="status">
      {search ? (
        <>
          <p className="cart-empty-title">{heOrders.noResults(search)}</p>
          <button type="button" className="button button-secondary" onClick={onClear}>
            {heOrders.clearSearch}
          </button>
        </>
      ) : (
        <>
          <p className="cart-empty-title">{heOrders.noOrders}</p>
          <p>{heOrders.noOrdersLead}</p>
          <Link to="/products" className="button button-primary">
            {heOrders.toProducts}
          </Link>
        </>
      )}
    </div>
  );
}
