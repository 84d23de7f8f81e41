import type { StockDay } from '@mc/contracts';
import { useId } from 'react';
import { heManage } from '../i18n/he-manage';
import { formatAgorot } from './format';
import { formatDay } from './period';

const text = heManage.history;
const WIDTH = 640;
const HEIGHT = 200;
const PAD = 8;

/** The points of one series, x mirrored for right-to-left reading (the first day at the right); a day without a value breaks the line. */
export function seriesPaths(values: (number | null)[], width = WIDTH, height = HEIGHT): string[] {
  const known = values.filter((v): v is number => v !== null);
  if (!known.length) return [];
  const max = Math.max(...known);
  const min = Math.min(0, ...known);
  const span = max - min || 1;
  const step = values.length > 1 ? (width - 2 * PAD) / (values.length - 1) : 0;
  const paths: string[] = [];
  let current: string[] = [];
  values.forEach((value, i) => {
    if (value === null) {
      if (current.length) paths.push(current.join(' '));
      current = [];
      return;
    }
    const x = values.length > 1 ? width - PAD - i * step : width / 2;
    const y = height - PAD - ((value - min) / span) * (height - 2 * PAD);
    current.push(`${current.length ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`);
  });
  if (current.length) paths.push(current.join(' '));
  return paths;
}

const range = (values: number[]) => (values.length ? [Math.min(...values), Math.max(...values)] : null);

/**
 * Pharmacies in stock and the median price over the period, each line on its own scale, in a box of fixed proportions
 * (no layout shift); a screen reader hears the title and the summary under it, and the table of the days below holds every value.
 */
export function StockChart({ days }: { days: StockDay[] }) {
  const id = useId();
  if (!days.length) return null;
  const pharmacies = range(days.map((d) => d.pharmaciesInStock))!;
  const prices = range(days.flatMap((d) => (d.medianPrice === null ? [] : [d.medianPrice])));
  const summary = text.chartSummary(
    formatDay(days[0].day), formatDay(days[days.length - 1].day), pharmacies[0], pharmacies[1],
    prices ? text.pricesRange(formatAgorot(prices[0]), formatAgorot(prices[1])) : text.noPrices,
  );
  return (
    <figure className="mc-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} preserveAspectRatio="none">
        <title id={`${id}-title`}>{text.chartTitle}</title>
        <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className="mc-chart-axis" />
        {seriesPaths(days.map((d) => d.pharmaciesInStock)).map((d, i) => <path key={`p${i}`} d={d} className="mc-chart-pharmacies" />)}
        {seriesPaths(days.map((d) => d.medianPrice)).map((d, i) => <path key={`m${i}`} d={d} className="mc-chart-price" />)}
      </svg>
      <figcaption className="mc-chart-legend">
        <span className="mc-legend mc-legend-pharmacies">{text.legendPharmacies}</span>
        <span className="mc-legend mc-legend-price">{text.legendPrice}</span>
        <span id={`${id}-desc`} className="bo-muted">{summary}</span>
      </figcaption>
    </figure>
  );
}
