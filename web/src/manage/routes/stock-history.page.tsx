import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useParams } from '@tanstack/react-router';
import { Button, Cell, Label, ListBox, ListBoxItem, Popover, Row, Select, SelectValue } from 'react-aria-components';
import { BoTable } from '../../kit/backoffice/table';
import { formatDateTime, Pager } from '../../kit/backoffice/ui';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { Agorot, formatCount } from '../components/format';
import { DEFAULT_PERIOD_DAYS, formatDay, periodOfDays, type PeriodDays } from '../components/period';
import { PeriodPicker } from '../components/PeriodPicker';
import { LoadFailed } from '../components/states';
import { StockChart } from '../components/StockChart';
import { heManage } from '../i18n/he-manage';
import { isNotFound } from '../queries/access';
import { companyQuery, stockHistoryQuery } from '../queries/company';

const route = getRouteApi('/manage/cannabis-company/$slug/stock-history');
const text = heManage.history;
const ALL = 'all';

/**
 * The company's stock history (issue 29 §5): a period (30 / 90 / 365 / 730 days, or from–to), one product or all,
 * the chart of pharmacies in stock and the median price with the table of its days, and the company's supply edits.
 */
export function StockHistoryPage() {
  const { slug } = useParams({ from: '/manage/cannabis-company/$slug' });
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const company = useQuery(companyQuery(slug));
  const custom = search.from !== undefined && search.to !== undefined;
  const days: PeriodDays = search.days ?? DEFAULT_PERIOD_DAYS;
  const { from, to } = custom ? { from: search.from!, to: search.to! } : periodOfDays(days);
  const page = search.page ?? 1;
  const history = useQuery(stockHistoryQuery(slug, { from, to, productId: search.productId, page }));
  if (history.isError && isNotFound(history.error)) return <NotFoundPage />;
  const products = company.data?.figures.products ?? [];
  const data = history.data;

  return (
    <section className="mc-history" aria-labelledby="mc-history-title">
      <div className="bo-toolbar">
        <h2 id="mc-history-title">{text.title}</h2>
      </div>
      <div className="mc-history-controls">
        <PeriodPicker
          days={days} custom={custom} from={from} to={to}
          onDays={(n) => void navigate({ search: (prev) => ({ ...prev, days: n === DEFAULT_PERIOD_DAYS ? undefined : n, from: undefined, to: undefined, page: undefined }) })}
          onRange={(start, end) => void navigate({ search: (prev) => ({ ...prev, days: undefined, from: start, to: end, page: undefined }) })}
        />
        <Select
          className="bo-field mc-product-select" selectedKey={search.productId ?? ALL}
          onSelectionChange={(key) => void navigate({ search: (prev) => ({ ...prev, productId: key === ALL ? undefined : Number(key), page: undefined }) })}
        >
          <Label>{text.product}</Label>
          <Button className="bo-select-button">
            <SelectValue />
            <span aria-hidden="true">▾</span>
          </Button>
          <Popover className="bo-popover">
            <ListBox className="bo-listbox" items={[{ id: ALL as string | number, name: text.allProducts }, ...products.map((p) => ({ id: p.productId, name: p.productName }))]}>
              {(item) => <ListBoxItem id={item.id} className="bo-option">{item.name}</ListBoxItem>}
            </ListBox>
          </Popover>
        </Select>
      </div>

      {history.isError && <LoadFailed error={history.error} onRetry={() => void history.refetch()} />}
      {history.isPending && <div className="mc-chart-placeholder" role="status">{heManage.loading}</div>}
      {data && (
        <>
          {data.days.length ? <StockChart days={data.days} /> : <p className="bo-empty mc-chart-placeholder">{text.noDays}</p>}
          {data.days.length > 0 && (
            <div className="bo-table-wrap mc-days" role="region" aria-label={text.daysCaption} tabIndex={0}>
              <table className="bo-table">
                <caption className="mc-caption">{text.daysCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text.dayColumns.day}</th>
                    <th scope="col">{text.dayColumns.pharmacies}</th>
                    <th scope="col">{text.dayColumns.units}</th>
                    <th scope="col">{text.dayColumns.median}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={d.day}>
                      <th scope="row" className="bo-num">{formatDay(d.day)}</th>
                      <td className="bo-num">{formatCount(d.pharmaciesInStock)}</td>
                      <td className="bo-num">{formatCount(d.units)}</td>
                      <td><Agorot value={d.medianPrice} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <section className="bo-section" aria-labelledby="mc-edits-title">
            <h3 id="mc-edits-title" className="bo-section-title">{text.editsTitle}</h3>
            <BoTable
              className="bo-table" label={text.editsCaption}
              columns={[text.editColumns.when, text.editColumns.product, text.editColumns.state, text.editColumns.until, text.editColumns.units]}
              items={data.edits.edits.map((edit, i) => ({ ...edit, id: `${edit.editedAt}-${edit.productId}-${i}` }))}
              empty={text.noEdits}
            >
              {(edit) => (
                <Row id={edit.id} textValue={`${edit.productName} ${edit.editedAt}`}>
                  <Cell><span className="bo-num">{formatDateTime(edit.editedAt)}</span></Cell>
                  <Cell>{edit.productName}</Cell>
                  <Cell>{heManage.states[edit.state]}</Cell>
                  <Cell>{edit.until ? <span className="bo-num">{formatDay(edit.until)}</span> : heManage.none}</Cell>
                  <Cell>{edit.units === null ? heManage.none : <span className="bo-num">{formatCount(edit.units)}</span>}</Cell>
                </Row>
              )}
            </BoTable>
            <Pager
              page={page} total={data.edits.total} perPage={data.edits.perPage}
              onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })}
            />
          </section>
        </>
      )}
    </section>
  );
}
