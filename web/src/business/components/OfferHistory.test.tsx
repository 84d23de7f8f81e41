import type { OfferHistory } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../kit/queries/query-client';
import { heProducts } from '../i18n/he-products';
import { OfferHistorySection, OfferHistoryTable } from './OfferHistory';

const text = heProducts.history;

const history: OfferHistory = {
  id: 12,
  productSlug: 'dr-green-t20-c4',
  entries: [
    { at: '2026-11-28T07:45:00.000Z', price: 219.5, inStock: true, amount: 4, published: true, source: 'feed' },
    { at: '2026-11-27T21:10:00.000Z', price: 229, inStock: false, amount: 0, published: true, source: 'order' },
    { at: '2026-07-01T09:00:00.000Z', price: 249, inStock: true, amount: null, published: false, source: 'back-office' },
    { at: '2026-06-30T22:30:00.000Z', price: 249, inStock: true, amount: null, published: false, source: 'system' },
  ],
};

const cells = (row: HTMLElement) => [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) => cell.textContent);

describe('OfferHistoryTable', () => {
  it('lists each change in Israel time with its price, stock, amount, publication and its source in Hebrew', () => {
    render(
      <I18nProvider locale="he-IL">
        <h3 id="history-title">{text.title}</h3>
        <OfferHistoryTable history={history} labelledBy="history-title" />
      </I18nProvider>,
    );
    const table = screen.getByRole('grid', { name: text.title });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(within(head).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(Object.values(text.columns));
    expect(rows.map(cells)).toEqual([
      // 09:45 in Israel (UTC+2 in November); 00:30 the next day in summer (UTC+3).
      ['28/11/2026 09:45', '₪219.50', 'כן', '4', 'כן', 'הזנת השותף'],
      ['27/11/2026 23:10', '₪229', 'לא', '0', 'כן', 'הזמנה'],
      ['01/07/2026 12:00', '₪249', 'כן', '—', 'לא', 'בית המרקחת'],
      ['01/07/2026 01:30', '₪249', 'כן', '—', 'לא', 'מערכת'],
    ]);
  });

  it('says when there is no change yet', () => {
    render(
      <I18nProvider locale="he-IL">
        <OfferHistoryTable history={{ ...history, entries: [] }} labelledBy="x" />
      </I18nProvider>,
    );
    expect(screen.getByText(text.empty)).toBeTruthy();
  });
});

describe('OfferHistorySection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the offer’s history only when opened', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(history), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider locale="he-IL">
          <OfferHistorySection businessId="yam-eilat" id={12} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    const toggle = screen.getByRole('button', { name: text.show });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('הזנת השותף')).toBeTruthy();
    expect(String((fetchMock.mock.calls as unknown as [string][])[0][0])).toBe('/api/business/yam-eilat/products/12/history');
  });
});
