import { Link } from '@tanstack/react-router';
import { SearchBox } from '../components/search/SearchBox';
import { he } from '../i18n/he';
import { CartLink } from './CartLink';
import { MainNav } from './MainNav';

/** The header: logo, main tabs (desktop), the search box (unless the page has its own) and the cart icon. */
export function SiteHeader({ showSearch = true }: { showSearch?: boolean }) {
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="logo" aria-label={`${he.siteName} – ${he.navHome}`}>
          <span className="logo-mark" aria-hidden="true">
            +
          </span>
          {he.siteName}
        </Link>
        <MainNav variant="header" />
        {showSearch && <SearchBox className="header-search" />}
        <CartLink />
      </div>
    </header>
  );
}
