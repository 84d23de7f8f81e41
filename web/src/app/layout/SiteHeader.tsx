import { Link } from '@tanstack/react-router';
import { SearchBox } from '../../storefront/components/search/SearchBox';
import { he } from '../../kit/i18n/he';
import { useCart, useCartPulse } from '../../kit/cart/use-cart';
import { UserMenu } from './UserMenu';
import { CartLink } from './CartLink';
import { MainNav } from './MainNav';

/**
 * The header: logo, main tabs (desktop), the search box (unless the page has its own) and the cart icon;
 * `minimal` (cart pages) keeps the logo and the cart icon only.
 */
export function SiteHeader({ showSearch = true, minimal = false }: { showSearch?: boolean; minimal?: boolean }) {
  const { count } = useCart();
  const pulse = useCartPulse();
  return (
    <header className={minimal ? 'site-header site-header-minimal' : 'site-header'}>
      <div className="container header-inner">
        <Link to="/" className="logo" aria-label={`${he.siteName} – ${he.navHome}`}>
          <span className="logo-mark" aria-hidden="true">
            +
          </span>
          {he.siteName}
        </Link>
        {!minimal && <MainNav variant="header" />}
        {showSearch && <SearchBox className="header-search" />}
        {!minimal && (
          <div className="header-user">
            <UserMenu />
          </div>
        )}
        <CartLink count={count} pulse={pulse} />
      </div>
    </header>
  );
}
