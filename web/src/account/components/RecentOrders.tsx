import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { formatDateTime } from '../../kit/lib/pharm-format';
import { Shekels } from '../../kit/ui/Price';
import { heOrders } from '../he-orders';
import { forgetOrdersOnSignOut, RECENT_ORDERS_COUNT, userOrdersQuery } from '../../kit/queries/orders';
import { statusLabel } from './OrderDetails';
import './orders.css';

/** /user: the latest few orders (newest first) with a way to all of them; nothing while there are none. */
export function RecentOrders({ userId }: { userId: string }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  useEffect(() => forgetOrdersOnSignOut(queryClient), [queryClient]);
  const query = useQuery(userOrdersQuery(userId));
  const orders = query.data?.orders.slice(0, RECENT_ORDERS_COUNT) ?? [];
  return (
    <section aria-labelledby={titleId} className="recent-orders-section">
      <h2 id={titleId}>{heOrders.recentTitle}</h2>
      {query.isPending ? (
        <p className="list-loading" role="status">
          {heOrders.listLoading}
        </p>
      ) : query.isError ? (
        <p className="form-error" role="alert">
          {query.error.message}
        </p>
      ) : orders.length === 0 ? (
        <p>{heOrders.noOrders}</p>
      ) : (
        <ul className="recent-orders">
          {orders.map((order) => (
            <li key={order.id}>
              <Link to="/user/orders" search={{ search: String(order.id) }}>
                <strong>{heOrders.orderNumber(order.id)}</strong>
              </Link>
              <span>{order.pharm.name}</span>
              <bdi dir="ltr">{formatDateTime(order.createdAt)}</bdi>
              <Shekels amount={order.totalPrice} />
              <span className={`badge order-status order-status-${order.status}`}>{statusLabel(order)}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/user/orders">{heOrders.allOrders}</Link>
      </p>
    </section>
  );
}
