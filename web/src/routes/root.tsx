import { Messages } from '@mc/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorView } from '../components/ErrorView';
import { he } from '../i18n/he';
import { NotFoundPage } from './not-found';

export interface RouterContext {
  queryClient: QueryClient;
}

function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        {he.skipToContent}
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/" className="logo" aria-label={`${he.siteName} – ${he.navHome}`}>
            <span className="logo-mark" aria-hidden="true">
              +
            </span>
            {he.siteName}
          </Link>
          <nav aria-label={he.mainNav}>
            <ul className="nav-list">
              <li>
                <Link to="/" className="nav-link" activeOptions={{ exact: true }}>
                  {he.navHome}
                </Link>
              </li>
              <li>
                {/* The product list route arrives in a later slice; a plain link until then. */}
                <a href="/products" className="nav-link">
                  {he.navProducts}
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className="container site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <p className="footer-disclaimer">{he.footerDisclaimer}</p>
          <p className="footer-copy">
            © {new Date().getFullYear()} {he.siteName}
          </p>
        </div>
      </footer>
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
