import { type CustomerOrder, DOCUMENT_STATUSES, houseNumberFrom, ORDER_STATUS_LABELS, orderStatusMeaning } from '@mc/contracts';
import { Shekels } from '../../kit/ui/Price';
import { formatDateTime } from '../../kit/lib/pharm-format';
import { heOrders } from '../he-orders';
import { Deduction } from '../../kit/cart/Deduction';

/** Spec 4: the patient sees a status only through its label. */
export const statusLabel = (order: Pick<CustomerOrder, 'status'>): string => ORDER_STATUS_LABELS[order.status] ?? order.status;

/** Spec 6: documents go only to one's own open or pending order that has none yet (or whose sending failed). */
export const canAttachDocuments = (order: Pick<CustomerOrder, 'status' | 'documents'>): boolean =>
  DOCUMENT_STATUSES.includes(order.status) && (order.documents === 'none' || order.documents === 'failed');

/**
 * /order/completed: a batch just placed may take documents while one of its orders can (a new order is still on
 * its way to the pharmacy: it counts too; the server decides, and says so if it refuses).
 */
export const batchTakesDocuments = (orders: Pick<CustomerOrder, 'status' | 'documents'>[]): boolean =>
  orders.some((order) => canAttachDocuments(order) || (order.status === 'new' && (order.documents === 'none' || order.documents === 'failed')));

function ShippingPrice({ amount }: { amount: number }) {
  return amount === 0 ? <>{heOrders.shippingFree}</> : <Shekels amount={amount} />;
}

/** Where the order goes: pickup at the pharmacy, or the delivery address. */
export function deliveryText(order: CustomerOrder): string {
  if (order.pickup || !order.address) return heOrders.pickup;
  const { address, houseNumber, floor, apartment } = order.address;
  const [street, ...city] = address.split(',');
  // The address search's text holds the house number already ('יפו 20, ירושלים'): it is not repeated.
  const numbered = houseNumberFrom(street) === houseNumber.trim() ? street.trim() : `${street.trim()} ${houseNumber}`.trim();
  const parts = [numbered, ...city.map((c) => c.trim()).filter(Boolean)];
  if (floor != null) parts.push(heOrders.floor(floor));
  if (apartment != null) parts.push(heOrders.apartment(apartment));
  return `${heOrders.delivery}: ${parts.join(', ')}`;
}

/**
 * One pharmacy's order as the patient sees it: number, pharmacy and how to reach it, items with their prices,
 * discounts, pickup or delivery, the total and the status (spec 3's customer order).
 */
export function OrderDetails({ order, headingLevel = 2 }: { order: CustomerOrder; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const pharmPlace = [order.pharm.address, order.pharm.city].filter(Boolean).join(', ');
  return (
    <article className="order-details" aria-label={heOrders.orderNumber(order.id)}>
      <header className="order-details-header">
        <Heading className="order-details-title">{order.pharm.name}</Heading>
        <span className={`badge order-status order-status-${order.status}`}>
          <span className="visually-hidden">{heOrders.status}: </span>
          {statusLabel(order)}
        </span>
      </header>
      <p className="order-status-meaning">{orderStatusMeaning(order)}</p>
      <dl className="order-details-facts">
        <dt>{heOrders.orderNumberLabel}</dt>
        <dd>
          <bdi>{order.id}</bdi>
        </dd>
        <dt>{heOrders.date}</dt>
        <dd>
          <bdi dir="ltr">{formatDateTime(order.createdAt)}</bdi>
        </dd>
        {pharmPlace && (
          <>
            <dt>{heOrders.pharmAddress}</dt>
            <dd>{pharmPlace}</dd>
          </>
        )}
        {order.pharm.phone && (
          <>
            <dt>{heOrders.pharmPhone}</dt>
            <dd>
              <a href={`tel:${order.pharm.phone.replace(/[\s-]/g, '')}`} dir="ltr">
                {order.pharm.phone}
              </a>
            </dd>
          </>
        )}
        <dt>{heOrders.deliveryMethod}</dt>
        <dd>{deliveryText(order)}</dd>
        {order.notes && (
          <>
            <dt>{heOrders.notes}</dt>
            <dd>{order.notes}</dd>
          </>
        )}
      </dl>
      <OrderItems items={order.items} />
      <OrderTotals order={order} />
    </article>
  );
}

/** The items with their prices (the price before a discount struck through). */
function OrderItems({ items }: { items: CustomerOrder['items'] }) {
  return (
    <table className="order-items">
      <caption className="visually-hidden">{heOrders.items}</caption>
      <thead>
        <tr>
          <th scope="col">{heOrders.product}</th>
          <th scope="col">{heOrders.amount}</th>
          <th scope="col">{heOrders.unitPrice}</th>
          <th scope="col">{heOrders.lineTotal}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.pharmProductId}>
            <th scope="row">{item.name}</th>
            <td>
              <bdi>{item.amount}</bdi>
            </td>
            <td>
              <Shekels amount={item.price} />
              {item.originalPrice > item.price && (
                <>
                  {' '}
                  <s className="offer-price-was">
                    <Shekels amount={item.originalPrice} />
                  </s>
                </>
              )}
            </td>
            <td>
              <Shekels amount={item.price * item.amount} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The figures: before and after discounts, the coupons, shipping and the total. */
function OrderTotals({ order }: { order: CustomerOrder }) {
  // Products after discounts: the total less shipping (whichever way the cart cost was snapshotted).
  const productsTotal = order.totalPrice - order.shippingCostTotalPrice;
  return (
    <dl className="order-details-totals">
      {order.cartCostDiscountsTotalAmount > 0 && (
        <>
          <dt>{heOrders.originalTotal}</dt>
          <dd>
            <Shekels amount={productsTotal + order.cartCostDiscountsTotalAmount} />
          </dd>
          <dt>{heOrders.discounts}</dt>
          <dd className="order-discount">
            <Deduction amount={order.cartCostDiscountsTotalAmount} />
          </dd>
        </>
      )}
      {order.discounts.length > 0 && (
        <>
          <dt>{heOrders.coupons}</dt>
          <dd>
            {order.discounts.map((discount, index) => (
              <span key={discount.code}>
                {index > 0 && ', '}
                {discount.name} (<bdi dir="ltr">{discount.code}</bdi>)
              </span>
            ))}
          </dd>
        </>
      )}
      <dt>{heOrders.productsTotal}</dt>
      <dd>
        <Shekels amount={productsTotal} />
      </dd>
      {!order.pickup && (
        <>
          <dt>{heOrders.shipping}</dt>
          <dd>
            <ShippingPrice amount={order.shippingCostTotalPrice} />
          </dd>
        </>
      )}
      <dt className="order-total">{heOrders.total}</dt>
      <dd className="order-total">
        <Shekels amount={order.totalPrice} />
      </dd>
    </dl>
  );
}
