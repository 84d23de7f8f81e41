import { AlertMessages, type PriceDay, type PriceHistory } from '@mc/contracts';
import { useId, useState } from 'react';
import { formatDay, heAlerts } from '../../../kit/i18n/he-alerts';
import { todayInIsrael } from '../../../kit/lib/israel-day';
import { Shekels } from '../../../kit/ui/Price';
import { ChartRowsKept } from './PriceHistoryPlaceholder';

const text = heAlerts.history;
const WIDTH = 600;
const HEIGHT = 160;
const PAD = 10;
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Math.round(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export interface ChartGeometry {
  /** The line's runs: consecutive days joined, a day missing (nothing in stock) breaks it. */
  lines: string[];
  /** Days drawn as dots: the latest, and any day alone between gaps. */
  dots: string[];
  /** The period's first day (YYYY-MM-DD), at the right. */
  from: string;
  /** Its last day, today, at the left. */
  to: string;
}

/**
 * The chart's shapes in a WIDTH × HEIGHT box, right to left as Hebrew reads: the period's first day at the right edge,
 * today at the left; the prices between the period's lowest (bottom) and highest (top).
 */
export function chartGeometry(points: PriceDay[], days: number, today: string): ChartGeometry {
  const last = Math.max(dayNumber(today), ...points.map((p) => dayNumber(p.day)));
  const first = last - (days - 1);
  const values = points.map((p) => p.lowest);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const x = (day: number) => WIDTH - PAD - (Math.min(Math.max(day - first, 0), days - 1) / Math.max(days - 1, 1)) * (WIDTH - 2 * PAD);
  // One price all along: a level line through the middle.
  const y = (value: number) => (span === 0 ? HEIGHT / 2 : HEIGHT - PAD - ((value - min) / span) * (HEIGHT - 2 * PAD));
  const at = (p: PriceDay) => `${x(dayNumber(p.day)).toFixed(1)},${y(p.lowest).toFixed(1)}`;
  const runs: PriceDay[][] = [];
  points.forEach((point, i) => {
    if (i > 0 && dayNumber(point.day) - dayNumber(points[i - 1].day) === 1) runs[runs.length - 1].push(point);
    else runs.push([point]);
  });
  const lines = runs.filter((run) => run.length > 1).map((run) => run.map((p, i) => `${i ? 'L' : 'M'}${at(p)}`).join(' '));
  const alone = runs.filter((run) => run.length === 1).map(([p]) => p);
  const latest = points[points.length - 1];
  const dotted = latest && !alone.includes(latest) ? [...alone, latest] : alone;
  return { lines, dots: dotted.map((p) => `M${at(p)} l0,0`), from: dayOf(first), to: dayOf(last) };
}

/** The badge beside the chart, on a line of its own that is there (empty) without it, so nothing moves. */
export function PeriodLowestBadge({ history }: { history: Pick<PriceHistory, 'isPeriodLowest' | 'days'> | undefined }) {
  return (
    <p className="price-history-badge-line">
      {history?.isPeriodLowest && <span className="badge badge-period-lowest">{AlertMessages.periodLowest(history.days)}</span>}
    </p>
  );
}

/**
 * A product's price over the period: a small line chart (no library) of the lowest in-stock price of each day, its
 * lowest, highest and current price as text under it, and every day's price in a table behind a disclosure. A
 * product without history says so in the chart's box. Sized by its CSS box, the same while loading.
 */
export function PriceChart({ history, today = todayInIsrael() }: { history: PriceHistory; today?: string }) {
  const id = useId();
  const [tableOpen, setTableOpen] = useState(false);
  const { points, days, current } = history;
  if (!points.length) {
    return (
      <div className="price-chart">
        <p className="price-chart-box price-chart-message">{text.empty}</p>
        <ChartRowsKept />
      </div>
    );
  }
  const values = points.map((p) => p.lowest);
  const lowest = Math.min(...values);
  const highest = Math.max(...values);
  const { lines, dots, from, to } = chartGeometry(points, days, today);
  const newestFirst = [...points].reverse();
  return (
    <div className="price-chart">
      <figure className="price-chart-figure">
        <div className="price-chart-box">
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} focusable="false">
            <title id={`${id}-title`}>{text.chartTitle(days)}</title>
            <line className="price-chart-grid" x1={PAD} x2={WIDTH - PAD} y1={PAD} y2={PAD} />
            <line className="price-chart-grid" x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} />
            {lines.map((d) => <path key={d} d={d} className="price-chart-line" />)}
            {dots.map((d) => <path key={d} d={d} className="price-chart-dot" />)}
          </svg>
          {/* The scale's ends, for the eye; the same values are in the text under the chart. */}
          <span className="price-chart-scale price-chart-scale-top" aria-hidden="true"><Shekels amount={highest} /></span>
          <span className="price-chart-scale price-chart-scale-bottom" aria-hidden="true"><Shekels amount={lowest} /></span>
        </div>
        {/* Time runs right to left: the period's first day at the right, today at the left. */}
        <p className="price-chart-axis" aria-hidden="true">
          <bdi>{formatDay(from)}</bdi>
          <span>{to === today ? text.today : <bdi>{formatDay(to)}</bdi>}</span>
        </p>
        <figcaption id={`${id}-summary`} className="price-chart-summary">
          <span>{text.lowest} <Shekels amount={lowest} /></span>
          <span>{text.highest} <Shekels amount={highest} /></span>
          <span>{text.now} {current === null ? text.notInStock : <Shekels amount={current} />}</span>
          <span className="visually-hidden">{text.range(formatDay(from), formatDay(to))}</span>
        </figcaption>
      </figure>
      <button
        type="button" className="price-chart-toggle" aria-expanded={tableOpen} aria-controls={`${id}-table`}
        onClick={() => setTableOpen(!tableOpen)}
      >
        {tableOpen ? text.hideTable : text.showTable}
      </button>
      {/* A long period scrolls in its own box: reachable by the keyboard, named by the table's caption. */}
      <div
        id={`${id}-table`} className="price-chart-table-wrap" hidden={!tableOpen}
        role={tableOpen ? 'region' : undefined} aria-labelledby={tableOpen ? `${id}-caption` : undefined} tabIndex={tableOpen ? 0 : undefined}
      >
        {tableOpen && (
          <table className="price-chart-table">
            <caption id={`${id}-caption`}>{text.tableCaption(days)}</caption>
            <thead>
              <tr>
                <th scope="col">{text.day}</th>
                <th scope="col">{text.price}</th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((p) => (
                <tr key={p.day}>
                  <th scope="row"><bdi>{formatDay(p.day)}</bdi></th>
                  <td><Shekels amount={p.lowest} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
