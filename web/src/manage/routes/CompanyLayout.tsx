import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useParams } from '@tanstack/react-router';
import { I18nProvider } from 'react-aria-components';
import { ErrorPage } from '../../kit/ui/ErrorPage';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { RoutePending } from '../../kit/ui/RouteStates';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { heManage } from '../i18n/he-manage';
import { isNotFound } from '../queries/access';
import { companyQuery } from '../queries/company';
import '../../kit/backoffice/backoffice.css';
import '../components/manage.css';

/**
 * The company's card (logo, name, licence) and its navigation around every company page: main, stock, stock
 * history, and, each only where its flag is on, the stock report and the stock-outs. The first call obtains the
 * company's token; a company this manager may not manage is the not-found page.
 */
export function CompanyLayout() {
  const { slug } = useParams({ from: '/manage/cannabis-company/$slug' });
  const query = useQuery(companyQuery(slug));
  useDocumentTitle(query.data ? query.data.company.name : heManage.nav.label);
  if (query.isPending) return <RoutePending />;
  if (query.isError) return isNotFound(query.error) ? <NotFoundPage /> : <ErrorPage error={query.error} />;
  const { company, figures } = query.data;
  const { features } = figures;
  const nav = [
    { to: '/manage/cannabis-company/$slug', label: heManage.nav.main, exact: true, on: true },
    { to: '/manage/cannabis-company/$slug/stock', label: heManage.nav.stock, on: true },
    { to: '/manage/cannabis-company/$slug/stock-history', label: heManage.nav.history, on: features.stockHistory },
    { to: '/manage/cannabis-company/$slug/stock-report', label: heManage.nav.report, on: features.stockReport },
    { to: '/manage/cannabis-company/$slug/stock-outs', label: heManage.nav.stockOuts, on: features.stockOuts },
  ] as const;
  return (
    <I18nProvider locale="he-IL">
      <div className="bo mc-company">
        <header className="bo-card">
          {company.logoUrl && <img className="bo-logo" src={company.logoUrl} alt="" width={56} height={56} />}
          <div className="bo-card-text">
            <h1 className="bo-name">{company.name}</h1>
            {company.licenceNumber && <p className="bo-address">{heManage.licence(company.licenceNumber)}</p>}
          </div>
          <Link className="bo-public-link" to="/manage/cannabis-company">{heManage.allCompanies}</Link>
        </header>
        <nav className="bo-nav" aria-label={heManage.nav.label}>
          <ul>
            {nav.filter((item) => item.on).map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to} params={{ slug }} activeOptions={{ exact: 'exact' in item, includeSearch: false }} activeProps={{ 'aria-current': 'page' }}
                >
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
