import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Cell, I18nProvider, Row } from 'react-aria-components';
import { useSession } from '../../kit/auth/use-session';
import { DelayedSearch } from '../../kit/backoffice/search';
import { BoTable } from '../../kit/backoffice/table';
import { Pager } from '../../kit/backoffice/ui';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { LoadFailed } from '../components/states';
import { heManage } from '../i18n/he-manage';
import { companiesQuery } from '../queries/company';
import '../components/manage.css';

const route = getRouteApi('/manage/cannabis-company');

/** /manage/cannabis-company: the manager's companies, each linking to its page; an admin sees every company and may search. */
export function CompaniesPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const admin = useSession()?.claims.role === 'admin';
  const page = search.page ?? 1;
  const list = useQuery(companiesQuery(page, search.search));
  useDocumentTitle(heManage.companies.title);
  const text = heManage.companies;
  return (
    <I18nProvider locale="he-IL">
      <section className="bo mc-companies" aria-labelledby="mc-companies-title">
        <div className="bo-toolbar">
          <h1 id="mc-companies-title" className="bo-name">{text.title}</h1>
          {admin && (
            <>
              <DelayedSearch
                label={text.searchLabel} placeholder={text.searchPlaceholder} value={search.search ?? ''}
                onChange={(value) => void navigate({ search: (prev) => ({ ...prev, search: value || undefined, page: undefined }), replace: true })}
              />
              <Link to="/manage/prices-report" className="button">{text.pricesReport}</Link>
            </>
          )}
        </div>
        {list.isError && <LoadFailed error={list.error} onRetry={() => void list.refetch()} />}
        {list.isPending && <p className="bo-empty" role="status">{heManage.loading}</p>}
        {list.data && (
          <>
            <BoTable
              className="bo-table" label={admin ? text.adminCaption : text.caption}
              columns={[text.columns.company, text.columns.licence, text.columns.products]}
              items={list.data.companies.map((company) => ({ ...company, id: company.slug }))}
              empty={search.search ? text.notFound : text.empty}
            >
              {(company) => (
                <Row id={company.slug} textValue={company.name}>
                  <Cell>
                    <span className="mc-company-cell">
                      {company.logoUrl && <img src={company.logoUrl} alt="" width={32} height={32} className="bo-logo" />}
                      <Link to="/manage/cannabis-company/$slug" params={{ slug: company.slug }}>{company.name}</Link>
                    </span>
                  </Cell>
                  <Cell>{company.licenceNumber ? <bdi className="bo-num">{company.licenceNumber}</bdi> : heManage.none}</Cell>
                  <Cell><span className="bo-num">{company.productsCount.toLocaleString('he-IL')}</span></Cell>
                </Row>
              )}
            </BoTable>
            <Pager
              page={page} total={list.data.total} perPage={list.data.perPage}
              onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })}
            />
          </>
        )}
      </section>
    </I18nProvider>
  );
}
