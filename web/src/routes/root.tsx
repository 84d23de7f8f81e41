import { Messages } from '@mc/contracts';
import { createRootRouteWithContext, Outlet, useLocation, useMatches, type ErrorComponentProps } from '@tanstack/react-router';
import { AuthDialog } from '../auth/AuthDialog';
import { useReturnAfterSignIn } from '../auth/route-guards';
import { useStoreGeoLocation, useTokenRefresh } from '../auth/use-session';
import { useCartSync } from '../cart/use-cart';
import { ErrorView } from '../components/ErrorView';
import { NotFoundPage } from '../components/NotFoundPage';
import { GroupAdModal } from '../components/group-ad/GroupAdModal';
import { he } from '../i18n/he';
import { useCanonicalLink } from '../lib/use-head-element';
import { EnvBadge } from '../layout/EnvBadge';
import { VersionBanner } from '../layout/VersionBanner';
import { MainNav } from '../layout/MainNav';
import { SiteFooter } from '../layout/SiteFooter';
import { SiteHeader } from '../layout/SiteHeader';
import '../layout/layout.css';
import type { RouterContext } from '../queries/route-data';

/**
 * The shell of spec 2.5: header, the page, the footer (hidden on mobile at home), the bottom menu and
 * the environment badge; an embedded page (`staticData.embed`) gets the page alone, and the cart pages
 * (`staticData.minimalLayout`) a minimal header without footer.
 */
function RootLayout() {
  useCanonicalLink();
  useCartSync();
  useTokenRefresh();
  useStoreGeoLocation();
  useReturnAfterSignIn();
  const isHome = useLocation({ select: (location) => location.pathname === '/' });
  const embed = useMatches({ select: (matches) => matches.some((match) => match.staticData.embed) });
  const minimal = useMatches({ select: (matches) => matches.some((match) => match.staticData.minimalLayout) });
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
      <main id="main" className={`container ${isHome ? 'site-main-home' : 'site-main'}`} tabIndex={-1}>
        <Outlet />
      </main>
      {!minimal && <SiteFooter hideOnMobile={isHome} />}
      {!minimal && <MainNav variant="bottom" />}
      <EnvBadge />
      <VersionBanner />
      {!minimal && <GroupAdModal />}
      <AuthDialog />
    </>
  );
}

/** The error boundary: the message and a refresh button. */
function RootError({ error }: ErrorComponentProps) {
  const message = error instanceof Error && error.message ? error.message : Messages.generic;
  return <ErrorView message={message} onRetry={() => window.location.reload()} retryLabel={he.refresh} />;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: () => <NotFoundPage />,
});

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page is shown without the site's header and footer (the pharmacy embed). */
    embed?: boolean;
    /** Spec 2.5: cart and order pages get a minimal header and no footer. */
    minimalLayout?: boolean;
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
