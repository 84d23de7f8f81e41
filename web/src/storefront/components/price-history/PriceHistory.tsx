import { PRICE_HISTORY_PERIODS, type PriceHistoryPeriod } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nProvider, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { heAlerts } from '../../../kit/i18n/he-alerts';
import { priceHistoryQuery } from '../../queries/price-history';
import { PeriodLowestBadge, PriceChart } from './PriceChart';
import { ChartRowsKept, PriceHistoryPlaceholder } from './PriceHistoryPlaceholder';

const text = heAlerts.history;
const isPeriod = (value: number): value is PriceHistoryPeriod => (PRICE_HISTORY_PERIODS as readonly number[]).includes(value);

/**
 * The product's price history (loaded after the page, `PriceHistorySection`): the period switch (30 / 90 / 365 days,
 * a React Aria toggle group: arrows move in the reading direction), the period-lowest badge and the chart. The chart
 * of the period before stays while the next one loads.
 */
export default function PriceHistory({ slug, today }: { slug: string; today?: string }) {
  const [days, setDays] = useState<PriceHistoryPeriod>(PRICE_HISTORY_PERIODS[0]);
  const query = useQuery({ ...priceHistoryQuery(slug, days), placeholderData: keepPreviousData });
  const shown = query.data;
  return (
    <I18nProvider locale="he-IL">
      <div className="price-history-toolbar">
        <ToggleButtonGroup
          className="period-switch" aria-label={text.period} selectionMode="single" disallowEmptySelection
          selectedKeys={[String(days)]}
          onSelectionChange={(keys) => {
            const next = Number([...keys][0]);
            if (isPeriod(next)) setDays(next);
          }}
        >
          {PRICE_HISTORY_PERIODS.map((n) => (
            <ToggleButton key={n} id={String(n)} className="period-switch-button">{text.days(n)}</ToggleButton>
          ))}
        </ToggleButtonGroup>
      </div>
      {query.isError && !shown ? (
        <>
          <PeriodLowestBadge history={undefined} />
          <div className="price-chart">
            <div className="price-chart-box price-chart-message" role="alert">
              <p>{text.loadFailed}</p>
              <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>{text.retry}</button>
            </div>
            <ChartRowsKept />
          </div>
        </>
      ) : !shown ? (
        <PriceHistoryPlaceholder withSwitch={false} />
      ) : (
        <div aria-busy={query.isPlaceholderData || undefined}>
          <PeriodLowestBadge history={query.isPlaceholderData ? undefined : shown} />
          <PriceChart history={shown} today={today} />
        </div>
      )}
    </I18nProvider>
  );
}
