import {
  isOrderable, Messages, movedCart, type CartAlternatives as Alternatives, type CartAlternativesSort, type CartFillOption, type CookieCartItem, type GeoPoint,
  type ResolvedCart,
} from '@mc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../kit/api/client';
import { useSession } from '../../kit/auth/use-session';
import { PharmLogo } from '../../kit/ui/PharmLogo';
import { GeoNotice } from '../../kit/ui/GeoNotice';
import { useGeolocation, useKnownPosition } from '../../kit/lib/geolocation';
import { Shekels } from '../../kit/ui/Price';
import { he } from '../../kit/i18n/he';
import { heCartFill } from '../../kit/i18n/he-cart';
import { resolveCartQuery } from '../queries/cart';
import './cart-alternatives.css';
import { useCart, useCartStore } from '../../kit/cart/use-cart';

/**
 * `POST /api/cart/alternatives`: keyed by the lines and amounts (totals change with them), by who asks (delivery is
 * priced to a signed-in patient's address), and by where they are and the order asked for.
 */
function alternativesQuery(items: readonly CookieCartItem[], userId: string | null, location: GeoPoint | undefined, sortBy: CartAlternativesSort) {
  const lines = items.map((item) => [item.pharmProductId, item.amount] as const).sort((a, b) => a[0] - b[0]);
  return {
    queryKey: ['cart', 'alternatives', lines, userId, location ?? null, sortBy] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiFetch<Alternatives>('/cart/alternatives', { method: 'POST', body: JSON.stringify({ cartItems: items, location, sortBy }), signal }),
    retry: false,
  };
}

function ShippingText({ shipping }: { shipping: CartFillOption['shipping'] }) {
  if (shipping.method === 'pickup') return <>{heCartFill.pickup}</>;
  if (shipping.price === 0) return <>{heCartFill.freeDelivery}</>;
  return (
    <>
      {heCartFill.delivery} <Shekels amount={shipping.price} />
    </>
  );
}

function OptionRow({ option, index, busy, currentTotal, onMove }: {
  option: CartFillOption;
  index: number;
  busy: boolean;
  currentTotal: number | undefined;
  onMove: (option: CartFillOption) => void;
}) {
  const nameId = `cart-fill-${index}`;
  const substitutes = option.lines.filter((line) => !line.sameProduct);
  return (
    <li className="cart-fill-option" aria-labelledby={nameId}>
      <PharmLogo url={option.pharm.logo_url} name={option.pharm.name} size={40} />
      <div className="cart-fill-body">
        <h3 id={nameId} className="cart-fill-name">
          {option.pharm.name}
          <span className="card-meta"> · {option.pharm.city}</span>
        </h3>
        {option.distanceKm !== null && <p className="card-meta">{heCartFill.distance(option.distanceKm)}</p>}
        <p className="card-meta">
          <ShippingText shipping={option.shipping} />
        </p>
        {substitutes.length > 0 && (
          <ul className="cart-fill-substitutes">
            {substitutes.map((line) => (
              <li key={line.fromPharmProductId}>{heCartFill.substitute(line.productName, line.thccbdDosage)}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="cart-fill-action">
        <p className="cart-fill-total">
          <span className="visually-hidden">{heCartFill.total}: </span>
          {/* The cart's own pharmacy: the cart's quote (its coupons too), the figure its summary shows. */}
          <Shekels amount={option.isCurrent && currentTotal !== undefined ? currentTotal : option.total} />
        </p>
        {option.isCurrent ? (
          <p className="cart-fill-here">{heCartFill.here}</p>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => onMove(option)}
          >
            {busy ? heCartFill.moving : heCartFill.move}
            <span className="visually-hidden"> – {option.pharm.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The pharmacies that have the whole cart in stock, cheapest total first, each with one tap to move the cart there.
 * The move resolves the new cart first (as the cart page does): if an offer stopped being orderable meanwhile, the
 * cart stays as it was and the list is asked again.
 */
export function CartAlternatives({ currentTotal }: { currentTotal?: number }) {
  const { items } = useCart();
  const store = useCartStore();
  const userId = useSession()?.claims.sub ?? null;
  const queryClient = useQueryClient();
  const [sortBy, setSortBy] = useState<CartAlternativesSort>('price');
  const geo = useGeolocation(sortBy === 'nearby');
  const known = useKnownPosition();
  const location = geo.status === 'located' ? geo.point : known;
  const query = useQuery({
    ...alternativesQuery(items, userId, location, geo.status === 'failed' ? 'price' : sortBy),
    enabled: items.length > 0 && geo.status !== 'locating',
  });
  const [moving, setMoving] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  if (!items.length) return null;

  const move = async (option: CartFillOption) => {
    setMoving(option.pharm.slug);
    setMessage(null);
    try {
      const moved = movedCart(option);
      const resolve = resolveCartQuery(moved);
      const resolved = await apiFetch<ResolvedCart>('/cart/resolve', { method: 'POST', body: JSON.stringify({ cartItems: moved }) });
      if (!resolved.items.every(isOrderable)) {
        setMessage({ text: heCartFill.changed, error: true });
        await queryClient.invalidateQueries({ queryKey: ['cart', 'alternatives'] });
        return;
      }
      queryClient.setQueryData(resolve.queryKey, resolved);
      await store.replace(moved);
      setMessage({ text: heCartFill.moved(option.pharm.name), error: false });
    } catch (failure) {
      setMessage({ text: failure instanceof Error && failure.message ? failure.message : Messages.generic, error: true });
    } finally {
      setMoving(null);
    }
  };

  let body;
  if (query.isError && !query.data) {
    body = (
      <p>
        {heCartFill.failed}{' '}
        <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
          {heCartFill.retry}
        </button>
      </p>
    );
  } else if (!query.data) {
    body = (
      <p className="cart-fill-loading" role="status">
        {heCartFill.loading}
      </p>
    );
  } else if (!query.data.options.length) {
    body = <p>{heCartFill.none}</p>;
  } else {
    body = (
      <>
        <p className="card-meta">{query.data.shipTo === 'default-address' ? heCartFill.withDelivery : heCartFill.pickupOnly}</p>
        <ol className="cart-fill-list">
          {query.data.options.map((option, index) => (
            <OptionRow key={option.pharm.slug} option={option} index={index} busy={moving !== null} currentTotal={currentTotal} onMove={(o) => void move(o)} />
          ))}
        </ol>
      </>
    );
  }

  return (
    <section className="card cart-fill" aria-labelledby="cart-fill-title" aria-busy={moving !== null}>
      <h2 id="cart-fill-title">{heCartFill.title}</h2>
      <label className="list-sort">
        <span>{he.lists.sortBy}</span>
        <select value={sortBy} onChange={(e) => setSortBy(e.target.value === 'nearby' ? 'nearby' : 'price')}>
          <option value="price">{heCartFill.cheapest}</option>
          <option value="nearby">{heCartFill.nearest}</option>
        </select>
      </label>
      <GeoNotice state={geo} />
      {body}
      <p className={message?.error ? 'form-error' : 'cart-fill-done'} role={message?.error ? 'alert' : 'status'}>
        {message?.text}
      </p>
    </section>
  );
}
