import { he } from '../i18n/he';
import { Icon } from './Icon';
import { SiteLink } from './SiteLink';

/**
 * The cart icon of the header, linking to /cart. `count` (the sum of item amounts) comes from the cart
 * once it exists; `pulse` is set for the 2 s pulse after a change.
 */
export function CartLink({ count = 0, pulse = false }: { count?: number; pulse?: boolean }) {
  return (
    <SiteLink
      href="/cart"
      className={pulse ? 'cart-link cart-link-pulse' : 'cart-link'}
      aria-label={count > 0 ? he.shell.cartWithCount(count) : he.shell.cart}
    >
      <Icon name="cart" />
      {count > 0 && (
        <span className="cart-count" aria-hidden="true">
          {count}
        </span>
      )}
    </SiteLink>
  );
}
