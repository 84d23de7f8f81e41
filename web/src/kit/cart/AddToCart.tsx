import { CART_MAX_PER_PRODUCT, type Pharm, type PharmProduct, type PharmProductProduct } from '@mc/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { heCart } from '../i18n/he-cart';
import { openInTopWindowIfEmbedded } from '../lib/embed';
import { useAddToCart } from './use-cart';
import './cart.css';

const AMOUNTS = Array.from({ length: CART_MAX_PER_PRODUCT }, (_, i) => i + 1);

/** What adding an offer to the cart needs: its id, whether it can be ordered, its page, and the names its button reads out. */
export interface AddableOffer extends Pick<PharmProduct, 'pharmProductId' | 'inStock' | 'published'> {
  product: Pick<PharmProductProduct, 'name' | 'info'>;
  pharm: Pick<Pharm, 'slug' | 'name'>;
}

const pharmProductPath = (offer: AddableOffer) => `/pharms/${offer.pharm.slug}/products/${offer.pharmProductId}`;

/**
 * Add to cart for one pharmacy's offer. `full` adds a quantity picker and 'order now' (adds, then
 * opens /cart); the quantity goes back to 1 after each add. Nothing to add when the offer cannot be ordered.
 */
export function AddToCart({ offer, full = false }: { offer: AddableOffer; full?: boolean }) {
  const { state, error, add } = useAddToCart(offer.pharmProductId);
  const [amount, setAmount] = useState(1);
  const navigate = useNavigate();
  const amountId = useId();
  if (!offer.inStock || !offer.published) return null;

  const title = offer.product.info.hebName || offer.product.name;
  const submit = async (thenOpenCart: boolean) => {
    if (openInTopWindowIfEmbedded(pharmProductPath(offer))) return;
    const added = await add(amount);
    setAmount(1);
    if (added && thenOpenCart) void navigate({ to: '/cart' });
  };

  return (
    <div className={`add-to-cart${full ? ' add-to-cart-full' : ''}`}>
      {full && (
        <span className="add-to-cart-amount">
          <label htmlFor={amountId}>{heCart.amount}</label>
          <select id={amountId} value={amount} onChange={(event) => setAmount(Number(event.target.value))}>
            {AMOUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </span>
      )}
      <button
        type="button"
        className={`button ${full ? 'button-primary' : 'button-secondary'} add-to-cart-button is-${state}`}
        disabled={state === 'adding'}
        onClick={() => void submit(false)}
      >
        {heCart.addState[state]}
        <span className="visually-hidden"> – {title}, {offer.pharm.name}</span>
      </button>
      {full && (
        <button type="button" className="button button-secondary" disabled={state === 'adding'} onClick={() => void submit(true)}>
          {heCart.orderNow}
        </button>
      )}
      <p className="add-to-cart-status" role="status">
        {error ? <span className="form-error">{error}</span> : state === 'added' ? <span className="visually-hidden">{heCart.added(title)}</span> : null}
      </p>
    </div>
  );
}
