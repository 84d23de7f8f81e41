import { AlertMessages, type PriceHistory } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heAlerts } from '../../../kit/i18n/he-alerts';
import { createQueryClient } from '../../../kit/queries/query-client';
import { chartGeometry, PeriodLowestBadge, PriceChart } from './PriceChart';
import PriceHistoryView from './PriceHistory';
import { PriceHistorySection } from './PriceHistorySection';

const text = heAlerts.history;

const history = (fields: Partial<PriceHistory> = {}): PriceHistory => ({
  slug: 'dr-green-t20-c4',
  days: 30,
  points: [
    { day: '2026-11-01', lowest: 249 },
    { day: '2026-11-02', lowest: 239.5 },
    { day: '2026-11-03', lowest: 219 },
    { day: '2026-11-05', lowest: 229 },
  ],
  current: 219,
  periodLowest: 219,
  isPeriodLowest: true,
  ...fields,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('PriceChart', () => {
  it('says the lowest, highest and current price as text, and lists every day in a table behind a disclosure', () => {
    render(<PriceChart history={history({ current: 229 })} today="2026-11-05" />);
    const chart = screen.getByRole('img', { name: text.chartTitle(30) });
    const summary = document.getElementById(chart.getAttribute('aria-describedby')!);
    expect(summary?.textContent).toContain(`${text.lowest} ₪219`);
    expect(summary?.textContent).toContain(`${text.highest} ₪249`);
    expect(summary?.textContent).toContain(`${text.now} ₪229`);
    expect(summary?.textContent).toContain(text.range('07/10/2026', '05/11/2026'));

    const toggle = screen.getByRole('button', { name: text.showTable });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: text.tableCaption(30) });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    // Newest first; a day with nothing in stock is not there.
    expect(rows).toEqual(['05/11/2026₪229', '03/11/2026₪219', '02/11/2026₪239.50', '01/11/2026₪249']);
  });

  it('says "not in stock" for the current price when nothing is in stock', () => {
    render(<PriceChart history={history({ current: null, isPeriodLowest: false })} today="2026-11-05" />);
    expect(screen.getByText(`${text.now} ${text.notInStock}`)).toBeTruthy();
  });

  it('says there is no history yet when the period has no point', () => {
    render(<PriceChart history={history({ points: [], current: null, periodLowest: null, isPeriodLowest: false })} today="2026-11-05" />);
    expect(screen.getByText(text.empty)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('draws time right to left: the period’s first day at the right, today at the left, a missing day breaking the line', () => {
    const { lines, dots, from, to } = chartGeometry(history().points, 30, '2026-11-05');
    expect(from).toBe('2026-10-07');
    expect(to).toBe('2026-11-05');
    // Nov 1–3 joined; Nov 5 after the gap alone, a dot (and the latest).
    expect(lines).toHaveLength(1);
    const xs = lines[0].split(' ').map((step) => Number(step.slice(1).split(',')[0]));
    expect(xs[0]).toBeGreaterThan(xs[1]);
    expect(xs[1]).toBeGreaterThan(xs[2]);
    expect(dots).toEqual(['M10.0,103.3 l0,0']);
    // The highest price at the top (y small), the lowest at the bottom.
    expect(lines[0]).toMatch(/^M[\d.]+,10\.0 /);
    expect(lines[0]).toMatch(/,150\.0$/);
  });
});

describe('PeriodLowestBadge', () => {
  it('says the period’s lowest only when the price now is it, on a line that is there either way', () => {
    const { container, rerender } = render(<PeriodLowestBadge history={{ isPeriodLowest: true, days: 90 }} />);
    expect(screen.getByText(AlertMessages.periodLowest(90))).toBeTruthy();
    expect(screen.getByText('המחיר הנמוך ב-90 הימים האחרונים')).toBeTruthy();
    rerender(<PeriodLowestBadge history={{ isPeriodLowest: false, days: 90 }} />);
    expect(screen.queryByText(AlertMessages.periodLowest(90))).toBeNull();
    expect(container.querySelector('.price-history-badge-line')).toBeTruthy();
  });
});

describe('PriceHistory', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for 30 days, shows the badge, and asks for another period when it is chosen', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const days = Number(new URL(String(input), 'http://localhost').searchParams.get('days'));
      return json(history({ days: days as PriceHistory['days'], isPeriodLowest: days === 30 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PriceHistoryView slug="dr-green-t20-c4" today="2026-11-05" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(AlertMessages.periodLowest(30))).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/products/dr-green-t20-c4/price-history?days=30');
    const group = screen.getByRole('radiogroup', { name: text.period });
    const periods = within(group).getAllByRole('radio');
    expect(periods.map((p) => p.textContent)).toEqual([text.days(30), text.days(90), text.days(365)]);
    expect(periods[0].getAttribute('aria-checked')).toBe('true');
    fireEvent.click(periods[1]);
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/products/dr-green-t20-c4/price-history?days=90'));
    await screen.findByRole('img', { name: text.chartTitle(90) });
    expect(screen.queryByText(AlertMessages.periodLowest(90))).toBeNull();
    expect(within(group).getAllByRole('radio')[1].getAttribute('aria-checked')).toBe('true');
  });

  it('keeps the box while it loads, then draws the chart in it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(history())));
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <PriceHistorySection slug="dr-green-t20-c4" />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: text.title })).toBeTruthy();
    expect(container.querySelector('.price-chart-box')).toBeTruthy();
    expect(await screen.findByRole('img', { name: text.chartTitle(30) }, { timeout: 4000 })).toBeTruthy();
  });
});
