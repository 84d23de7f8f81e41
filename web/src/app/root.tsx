import { Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { AuthDialog } from '../kit/auth/AuthDialog';
import { useReturnAfterSignIn } from '../kit/auth/route-guards';
import { useStoreGeoLocation, useTokenRefresh } from '../kit/auth/use-session';
import { useCartSync } from '../kit/cart/use-cart';
import { GroupAd } from '../storefront/components/group-ad/GroupAd';
import { he } from '../kit/i18n/he';
import { useCanonicalLink } from '../kit/lib/use-head-element';
import { useScrollDepth } from '../kit/lib/use-scroll-depth';
import { EnvBadge } from './layout/EnvBadge';
import { VersionBanner } from './layout/VersionBanner';
import { MainNav } from './layout/MainNav';
import { SiteFooter } from './layout/SiteFooter';
import { SiteHeader } from './layout/SiteHeader';
import './layout/layout.css';
import { rootRoute } from '../kit/router/root-route';

/**
 * The shell of spec 2.5: header, the page on its background (`staticData.background`), the footer (hidden on
 * mobile at home), the bottom menu and the environment badge, and the page's scroll-depth flags (spec 4); an
 * embedded page (`staticData.embed`) gets the page alone, and the cart pages (`staticData.minimalLayout`) a
 * minimal header without footer.
 */
function RootLayout() {
  useCanonicalLink();
  useCartSync();
  useTokenRefresh();
  useStoreGeoLocation();
  useReturnAfterSignIn();
  const pathname = useLocation({ select: (location) => location.pathname });
  const isHome = pathname === '/';
  const scrolled = useScrollDepth(pathname);
  const embed = useMatches({ select: (matches) => matches.some((match) => match.staticData.embed) });
  const minimal = useMatches({ select: (matches) => matches.some((match) => match.staticData.minimalLayout) });
  const background = useMatches({ select: (matches) => matches.findLast((match) => match.staticData.background)?.staticData.background });
  if (embed) {
    return (
      <>
        <main id="main" className="container site-main" tabIndex={-1}>
          <Outlet />
        </main>
        <VersionBanner />
      </>
    );
  }
  return (
    <>
      <a className="skip-link" href="#main">
        {he.skipToContent}
      </a>
      <SiteHeader showSearch={!isHome && !minimal} minimal={minimal} />
      <main id="main" className={`container ${isHome ? 'site-main-home' : 'site-main'}`} data-background={background} tabIndex={-1}>
        <Outlet />
      </main>
      {!minimal && <SiteFooter hideOnMobile={isHome} />}
      {!minimal && <MainNav variant="bottom" />}
      <EnvBadge />
      <VersionBanner />
      {!minimal && <GroupAd halfScrolled={scrolled.half} />}
      <AuthDialog />
    </>
  );
}

/** The shell drawn around every page: the root route's component. */
rootRoute.update({ component: RootLayout });

export { rootRoute };
