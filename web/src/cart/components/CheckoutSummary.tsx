import { Messages, type Quote } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import type { cartLines } from '../../kit/cart/cart-lines';
import { Deduction } from '../../kit/cart/Deduction';
import { couponsEnabled } from '../../kit/lib/features';
import { Shekels } from '../../kit/ui/Price';
import { heCheckout } from '../he-checkout';
import { CouponBox } from './CouponBox';

/**
 * The checkout's side card: the ordered lines, the figures of the quote shown (the checkout's, or until every
 * shipment is chosen the cart's own), the coupon box, the status line and the place-order button.
 */
export function CheckoutSummary({ lines, shown, shipping, open, blocked, status, placeLabel, disabled, onPlace }: {
  lines: ReturnType<typeof cartLines>;
  shown: Quote | undefined;
  /** The shipping price, or null while it has none to show (a rejected delivery has no price yet). */
  shipping: number | null;
  /** The form is still being filled (not placing, not placed): the coupon box is shown. */
  open: boolean;
  blocked: boolean;
  status: string;
  placeLabel: string;
  disabled: boolean;
  onPlace: () => void;
}) {
  return (
    <aside className="card cart-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{heCheckout.summary}</h2>
      <ul className="checkout-items">
        {lines.filter((l) => l.orderable && l.pharmProduct).map((l) => (
          <li key={l.pharmProductId}>
            <bdi>{l.pharmProduct!.product.info.hebName || l.pharmProduct!.product.name}</bdi> × {l.amount}
          </li>
        ))}
      </ul>
      {shown ? <SummaryFigures quote={shown} shipping={shipping} /> : <p className="card-meta">{heCheckout.quoting}</p>}
      {couponsEnabled() && open && <CouponBox />}
      {blocked && (
        <p className="form-error" role="alert">
          {Messages.removeUnavailableItems} <Link to="/cart">{heCheckout.backToCart}</Link>
        </p>
      )}
      <p role="status" aria-live="polite" className="card-meta">
        {status}
      </p>
      <button type="button" className="button button-primary cart-checkout" disabled={disabled} onClick={onPlace}>
        {placeLabel}
      </button>
    </aside>
  );
}

function SummaryFigures({ quote, shipping }: { quote: Quote; shipping: number | null }) {
  const discounts = quote.cart.totalDiscounts;
  return (
    <dl>
      <dt>{heCheckout.itemsCount}</dt>
      <dd>{quote.cart.itemsCount}</dd>
      <dt>{heCheckout.originalTotal}</dt>
      <dd>
        <Shekels amount={quote.cart.totalOriginalPrice} />
      </dd>
      {discounts > 0 && (
        <>
          <dt>{heCheckout.discounts}</dt>
          <dd className="cart-summary-discounts">
            <Deduction amount={discounts} />
          </dd>
        </>
      )}
      {shipping !== null && (
        <>
          <dt>{heCheckout.shipping}</dt>
          <dd>{shipping === 0 ? heCheckout.freeShipping : <Shekels amount={shipping} />}</dd>
        </>
      )}
      <dt className="cart-summary-total">{heCheckout.total}</dt>
      <dd className="cart-summary-total">
        <Shekels amount={quote.totalPrice} />
      </dd>
    </dl>
  );
}
