import type { PharmState } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useParams } from '@tanstack/react-router';
import { I18nProvider } from 'react-aria-components';
import { ErrorPage } from '../../kit/ui/ErrorPage';
import { RoutePending } from '../../kit/ui/RouteStates';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { heBusiness } from '../i18n/he-business';
import { businessInfoQuery } from '../queries/business';
import '../components/business.css';

const NAV = [
  { to: '/business/$businessId', label: heBusiness.nav.main, exact: true },
  { to: '/business/$businessId/orders', label: heBusiness.nav.orders },
  { to: '/business/$businessId/products', label: heBusiness.nav.products },
  { to: '/business/$businessId/discounts', label: heBusiness.nav.discounts },
  { to: '/business/$businessId/shipments', label: heBusiness.nav.shipments },
  { to: '/business/$businessId/announcements', label: heBusiness.nav.announcements },
] as const;

/** At the top of every page while patients do not see the pharmacy: suspended, or still onboarding (issue 30). */
export function NotLiveNotice({ state }: { state: PharmState | undefined }) {
  if (state !== 'suspended' && state !== 'onboarding') return null;
  return <p className="bo-alert bo-alert-warning bo-not-live" role="status">{heBusiness.notLive[state]}</p>;
}

/**
 * Spec 2's shared header card (logo, name, address and city, the public page) and navigation around every
 * back-office page. A business the caller does not run answers 404 from the services: the not-found page; any
 * other failure the back office's error page.
 */
export function BusinessLayout() {
  const { businessId } = useParams({ from: '/business/$businessId' });
  const info = useQuery(businessInfoQuery(businessId));
  useDocumentTitle(info.data ? info.data.business.name : heBusiness.nav.label);
  if (info.isPending) return <RoutePending />;
  if (info.isError) return <ErrorPage error={info.error} />;
  const { business } = info.data;
  return (
    <I18nProvider locale="he-IL">
      <div className="bo">
        <header className="bo-card">
          {business.logoUrl && <img className="bo-logo" src={business.logoUrl} alt="" width={56} height={56} />}
          <div className="bo-card-text">
            <h1 className="bo-name">{business.name}</h1>
            <p className="bo-address">{business.address}, {business.city}</p>
          </div>
          <a className="bo-public-link" href={`/pharms/${encodeURIComponent(business.slug)}`}>{heBusiness.publicPage}</a>
        </header>
        <NotLiveNotice state={info.data.state} />
        <nav className="bo-nav" aria-label={heBusiness.nav.label}>
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} params={{ businessId }} activeOptions={{ exact: 'exact' in item, includeSearch: false }} activeProps={{ 'aria-current': 'page' }}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="bo-main">
          <Outlet />
        </div>
      </div>
    </I18nProvider>
  );
}
