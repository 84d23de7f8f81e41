import { heAlerts } from '../../../kit/i18n/he-alerts';
import './price-history.css';

/**
 * The price history's box before its data (and its code) are here: the period switch, the badge's line, the chart,
 * its scale and its summary at their final sizes, so nothing under it moves when the chart arrives.
 */
export function PriceHistoryPlaceholder({ withSwitch = true }: { withSwitch?: boolean }) {
  return (
    <div className="price-history-placeholder">
      {withSwitch && <div className="price-history-toolbar" aria-hidden="true"><span className="skeleton price-history-switch-skeleton" /></div>}
      <p className="price-history-badge-line" />
      <div className="price-chart">
        <p className="price-chart-box skeleton" role="status">
          <span className="visually-hidden">{heAlerts.history.loading}</span>
        </p>
        <ChartRowsKept />
      </div>
    </div>
  );
}

/** The rows a chart has under its box (scale, summary, the table's button), empty: what is under them stays put. */
export function ChartRowsKept() {
  return (
    <>
      <p className="price-chart-axis" aria-hidden="true" />
      <p className="price-chart-summary" aria-hidden="true" />
      <p className="price-chart-toggle-space" aria-hidden="true" />
    </>
  );
}
