import { he } from '../../kit/i18n/he';
import { Icon } from '../../kit/ui/Icon';
import { SiteLink } from '../../kit/ui/SiteLink';

/** The cart icon of the header, linking to /cart, with the sum of item amounts; `pulse` for the 2 s after a change. */
export function CartLink({ count, pulse }: { count: number; pulse: boolean }) {
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
