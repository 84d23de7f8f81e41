import type { PharmProduct } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../kit/queries/query-client';
import { PharmProductCard } from './PharmProductCard';

const HOUR = 3_600_000;

function item(fields: Partial<PharmProduct> = {}, product: Partial<PharmProduct['product']> = {}): PharmProduct {
  return {
    id: 5, pharmProductId: 5, totalPrice: 142, originalPrice: null, discountPercent: 0, inStock: true,
    confirmedAt: Date.now() - 2 * HOUR - 60_000, stale: false, published: true, expiresAt: null, isPopular: false, isNew: false,
    product: {
      slug: 'lemon-t20-c4', name: 'לימון T20/C4', shortName: null, type: 'flower', imageUrl: null, sizeQuantity: 10, sizeUnit: 'גרם',
      info: { hebName: 'לימון', engName: 'Lemon', company: null, cannabisType: 'sativa', thccbdDosage: 'T20/C4' }, ...product,
    },
    pharm: { slug: 'yam', name: 'פארם הים', city: 'אילת' } as PharmProduct['pharm'],
    ...fields,
  };
}

function renderCard(offer: PharmProduct) {
  const root = createRootRoute({ component: () => <PharmProductCard item={offer} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('PharmProductCard', () => {
  it('shows the price of a gram and of 100 mg THC, and when the offer was confirmed', async () => {
    renderCard(item());
    expect(await screen.findByText('₪14.20 לגרם')).toBeTruthy();
    expect(screen.getByText('₪7.10 ל־100 מ״ג THC')).toBeTruthy();
    expect(screen.getByText('עודכן לפני שעתיים')).toBeTruthy();
  });

  it('tells a stale offer as not confirmed lately, never in stock', async () => {
    renderCard(item({ inStock: false, stale: true, confirmedAt: Date.now() - 80 * HOUR }));
    expect(await screen.findByText('לא אושר לאחרונה')).toBeTruthy();
    expect(screen.queryByText(/^במלאי$/)).toBeNull();
  });

  it('shows no unit price for an oil measured in millilitres', async () => {
    renderCard(item({}, { type: 'oil', sizeUnit: 'מ״ל' }));
    expect(await screen.findByText('עודכן לפני שעתיים')).toBeTruthy();
    expect(screen.queryByText(/לגרם/)).toBeNull();
  });
});
