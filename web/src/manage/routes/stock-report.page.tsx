import type { StockReportPage as ReportPage } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Cell, Row } from 'react-aria-components';
import { DelayedSearch } from '../../kit/backoffice/search';
import { BoTable } from '../../kit/backoffice/table';
import { formatDateTime, Pager } from '../../kit/backoffice/ui';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { Downloads } from '../components/Downloads';
import { Agorot, formatCount } from '../components/format';
import { LoadFailed } from '../components/states';
import { heManage } from '../i18n/he-manage';
import { isNotFound } from '../queries/access';
import { downloadStockReport, stockReportQuery, type ReportKind } from '../queries/company';

const text = heManage.report;

function Districts({ districts }: { districts: ReportPage['districts'] }) {
  if (!districts.length) return null;
  return (
    <section className="bo-section" aria-labelledby="mc-report-districts">
      <h3 id="mc-report-districts" className="bo-section-title">{text.districtsTitle}</h3>
      <div className="bo-table-wrap mc-report-districts" role="region" aria-label={text.districtsCaption} tabIndex={0}>
        <table className="bo-table">
          <caption className="visually-hidden">{text.districtsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.districtColumns.district}</th>
              <th scope="col">{text.districtColumns.offers}</th>
              <th scope="col">{text.districtColumns.inStock}</th>
            </tr>
          </thead>
          <tbody>
            {districts.map((d) => (
              <tr key={d.district}>
                <th scope="row">{d.district}</th>
                <td className="bo-num">{formatCount(d.offers)}</td>
                <td className="bo-num">{formatCount(d.inStock)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Where the company's products are in stock and out (issue 29 §6), by pharmacy, city and district: the district
 * summary, the table with search and paging, and the downloads. The stock report is for the companies of its flag
 * (the server answers 403 to the others); the stock-outs show only the offers out of stock now.
 */
function Report({ kind }: { kind: ReportKind }) {
  const from = kind === 'stock-report' ? '/manage/cannabis-company/$slug/stock-report' : '/manage/cannabis-company/$slug/stock-outs';
  const { slug } = useParams({ from: '/manage/cannabis-company/$slug' });
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const page = search.page ?? 1;
  const report = useQuery(stockReportQuery(slug, kind, page, search.search));
  if (report.isError && isNotFound(report.error)) return <NotFoundPage detail={report.error.message} />;
  const stockOuts = kind === 'stock-outs';
  const title = stockOuts ? text.stockOutsTitle : text.title;
  const data = report.data;
  const columns = [
    text.columns.pharmacy, text.columns.city, text.columns.district, text.columns.product,
    text.columns.inStock, text.columns.units, text.columns.price, text.columns.outSince,
  ];
  return (
    <section className="mc-report" aria-labelledby="mc-report-title">
      <div className="bo-toolbar">
        <h2 id="mc-report-title">{title}</h2>
        <DelayedSearch
          label={text.searchLabel} placeholder={text.searchPlaceholder} value={search.search ?? ''}
          onChange={(value) => void navigate({ search: (prev) => ({ ...prev, search: value || undefined, page: undefined }), replace: true })}
        />
        <Downloads download={(format) => downloadStockReport(slug, kind, format, search.search)} />
      </div>
      <p className="bo-muted">{stockOuts ? text.stockOutsLead : text.reportLead}</p>
      {report.isError && <LoadFailed error={report.error} onRetry={() => void report.refetch()} />}
      {report.isPending && <p className="bo-empty" role="status">{heManage.loading}</p>}
      {data && (
        <>
          <Districts districts={data.districts} />
          <BoTable
            className="bo-table mc-report-table" label={stockOuts ? text.stockOutsCaption : text.caption} columns={columns}
            items={data.rows.map((row) => ({ ...row, id: `${row.pharmSlug}:${row.productId}` }))}
            empty={search.search ? text.notFound : stockOuts ? text.stockOutsEmpty : text.empty}
          >
            {(row) => (
              <Row id={row.id} textValue={`${row.pharmName} ${row.productName}`}>
                <Cell><a href={`/pharms/${encodeURIComponent(row.pharmSlug)}`}>{row.pharmName}</a></Cell>
                <Cell>{row.city}</Cell>
                <Cell>{row.district}</Cell>
                <Cell>{row.productName}</Cell>
                <Cell>
                  <span className={`bo-badge ${row.inStock ? 'bo-badge-success' : 'bo-badge-danger'}`}>{row.inStock ? text.yes : text.no}</span>
                </Cell>
                <Cell>{row.amount === null ? heManage.none : <span className="bo-num">{formatCount(row.amount)}</span>}</Cell>
                <Cell><Agorot value={row.price} /></Cell>
                <Cell>{row.outSince ? <span className="bo-num">{formatDateTime(row.outSince)}</span> : heManage.none}</Cell>
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
  );
}

export function StockReportPage() {
  return <Report kind="stock-report" />;
}

export function StockOutsPage() {
  return <Report kind="stock-outs" />;
}
