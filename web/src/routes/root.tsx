import { createRootRouteWithContext, Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { AuthDialog } from '../auth/AuthDialog';
import { useReturnAfterSignIn } from '../auth/route-guards';
import { useStoreGeoLocation, useTokenRefresh } from '../auth/use-session';
import { useCartSync } from '../cart/use-cart';
import { RouteErrorPage } from '../components/ErrorPage';
import { NotFoundPage } from '../components/NotFoundPage';
import { GroupAdModal } from '../components/group-ad/GroupAdModal';
import { he } from '../i18n/he';
import { useCanonicalLink } from '../lib/use-head-element';
import { useScrollDepth } from '../lib/use-scroll-depth';
import { EnvBadge } from '../layout/EnvBadge';
import { VersionBanner } from '../layout/VersionBanner';
import { MainNav } from '../layout/MainNav';
import { SiteFooter } from '../layout/SiteFooter';
import { SiteHeader } from '../layout/SiteHeader';
import '../layout/layout.css';
import type { RouterContext } from '../queries/route-data';

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
      {!minimal && <GroupAdModal halfScrolled={scrolled.half} />}
      <AuthDialog />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // The error boundary (spec 2.5): the generic error page, its message and a reload button.
  errorComponent: RouteErrorPage,
  notFoundComponent: () => <NotFoundPage />,
});

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page is shown without the site's header and footer (the pharmacy embed). */
    embed?: boolean;
    /** Spec 2.5: cart and order pages get a minimal header and no footer. */
    minimalLayout?: boolean;
    /** Spec 2.5's per-page background: 'surface' (the lists, whose white cards stand on it); white otherwise. */
    background?: 'surface';
    /**
     * The server draws the page (a landing page from search engines), with the data its loaders load; other pages
     * are drawn in the browser.
     */
    ssr?: boolean;
    /**
     * A page drawn in the browser whose address names something that may not exist (a tag): the server runs its
     * loaders only to answer 404 when the main data is not found.
     */
    statusFromLoader?: boolean;
  }
}
