import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Cell, I18nProvider, Row } from 'react-aria-components';
import { BoTable } from '../../kit/backoffice/table';
import { Pager } from '../../kit/backoffice/ui';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { CompanyPicker } from '../components/CompanyPicker';
import { Downloads } from '../components/Downloads';
import { Agorot, formatCount } from '../components/format';
import { DEFAULT_PERIOD_DAYS, formatDay, periodOfDays } from '../components/period';
import { PeriodPicker } from '../components/PeriodPicker';
import { LoadFailed } from '../components/states';
import { heManage } from '../i18n/he-manage';
import { downloadPricesReport, pricesReportQuery } from '../queries/company';
import '../../kit/backoffice/backoffice.css';
import '../components/manage.css';

const route = getRouteApi('/manage/prices-report');
const text = heManage.prices;

/** The admins' prices report (spec §6): each product's lowest, median and highest price across pharmacies, day by day. */
export function PricesReportPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  useDocumentTitle(text.title);
  const custom = search.from !== undefined && search.to !== undefined;
  const days = search.days ?? DEFAULT_PERIOD_DAYS;
  const { from, to } = custom ? { from: search.from!, to: search.to! } : periodOfDays(days);
  const page = search.page ?? 1;
  const report = useQuery(pricesReportQuery({ from, to, company: search.company, page }));
  const data = report.data;
  return (
    <I18nProvider locale="he-IL">
      <section className="bo mc-prices" aria-labelledby="mc-prices-title">
        <div className="bo-toolbar">
          <h1 id="mc-prices-title" className="bo-name">{text.title}</h1>
          <Downloads download={(format) => downloadPricesReport({ from, to, company: search.company }, format)} />
        </div>
        <p className="bo-muted">{text.lead}</p>
        <div className="mc-history-controls">
          <PeriodPicker
            days={days} custom={custom} from={from} to={to}
            onDays={(n) => void navigate({ search: (prev) => ({ ...prev, days: n === DEFAULT_PERIOD_DAYS ? undefined : n, from: undefined, to: undefined, page: undefined }) })}
            onRange={(start, end) => void navigate({ search: (prev) => ({ ...prev, days: undefined, from: start, to: end, page: undefined }) })}
          />
          <CompanyPicker value={search.company} onChange={(company) => void navigate({ search: (prev) => ({ ...prev, company, page: undefined }) })} />
        </div>
        {report.isError && <LoadFailed error={report.error} onRetry={() => void report.refetch()} />}
        {report.isPending && <p className="bo-empty" role="status">{heManage.loading}</p>}
        {data && (
          <>
            <BoTable
              className="bo-table" label={text.caption}
              columns={[text.columns.day, text.columns.product, text.columns.company, text.columns.pharmacies, text.columns.lowest, text.columns.median, text.columns.highest]}
              items={data.rows.map((row) => ({ ...row, id: `${row.day}:${row.productId}` }))}
              empty={text.empty}
            >
              {(row) => (
                <Row id={row.id} textValue={`${row.day} ${row.productName}`}>
                  <Cell><span className="bo-num">{formatDay(row.day)}</span></Cell>
                  <Cell>{row.productName}</Cell>
                  <Cell>{row.company ?? heManage.none}</Cell>
                  <Cell><span className="bo-num">{formatCount(row.pharmaciesInStock)}</span></Cell>
                  <Cell><Agorot value={row.lowestPrice} /></Cell>
                  <Cell><Agorot value={row.medianPrice} /></Cell>
                  <Cell><Agorot value={row.highestPrice} /></Cell>
                </Row>
              )}
            </BoTable>
            <Pager
              page={page} total={data.total} perPage={data.perPage}
              onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })}
            />
          </>
        )}
      </section>
    </I18nProvider>
  );
}
