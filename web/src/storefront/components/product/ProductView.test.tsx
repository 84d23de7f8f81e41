import type { ProductDetailResponse } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../kit/queries/query-client';
import { todayInIsrael } from '../../../kit/lib/israel-day';
import { ProductTags, ProductView, TAGS_SHOWN } from './ProductView';
import { productInfoFixture } from '../../fixtures.test-data';

const renderView = (data: ProductDetailResponse) =>
  render(<QueryClientProvider client={createQueryClient()}><ProductView data={data} /></QueryClientProvider>);

const data: ProductDetailResponse = {
  product: {
    name: 'דר. גרין T20/C4',
    slug: 'dr-green-t20-c4',
    shortName: null,
    type: 'flower',
    imageUrl: null,
    media: [],
    estimated_price: null,
    yarpaProductId: null,
    priceRange: null,
    pharmProductsCount: 0,
    maxExpiresAt: null,
    variants: [],
    sizeQuantity: 10,
    sizeUnit: 'גרם',
    isPopular: true,
    isNew: false,
    info: productInfoFixture({ hebName: 'דר. גרין T20/C4', engName: 'Dr. Green T20/C4', company: 'קנאבי-טק' }),
  },
  tags: [{ name: 'פרחים', slug: 'flowers' }],
};

describe('ProductView', () => {
  it('shows the Hebrew name in the h1 and the English name beneath it', () => {
    renderView(data);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('דר. גרין T20/C4');
    expect(screen.getByText('Dr. Green T20/C4').tagName).toBe('BDI');
  });

  it('shows the dosage and the Hebrew type label, the company, and the price it is given beside the name', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ProductView data={data} price={<p>החל מ-₪219</p>} />
      </QueryClientProvider>,
    );

    expect(screen.getByText('T20/C4', { selector: 'bdi' })).toBeTruthy();
    expect(screen.getByText('אינדיקה')).toBeTruthy();
    expect(screen.getByText('קנאבי-טק')).toBeTruthy();
    expect(screen.getByText('החל מ-₪219').closest('header')?.querySelector('h1')).toBeTruthy();
    // The tags are drawn after the comparison, by ProductTags.
    expect(screen.queryByRole('link', { name: 'פרחים' })).toBeNull();
  });
});

describe('ProductView: the company’s supply report (issue 29)', () => {
  const withSupply = (supply: ProductDetailResponse['product']['supply']): ProductDetailResponse => ({ ...data, product: { ...data.product, supply } });
  const supply = (state: 'available' | 'short' | 'out', until: string | null) => ({ state, until, units: null, updatedAt: '2026-11-28T08:00:00.000Z' });

  /** The day `days` from today in Israel, as YYYY-MM-DD and as the notice writes it (dd/MM). */
  const dayFromToday = (days: number) => {
    const day = todayInIsrael(new Date(Date.now() + days * 86_400_000));
    return { day, shown: `${day.slice(8, 10)}/${day.slice(5, 7)}` };
  };

  it('says the maker reports a shortage, or that the product ran out, until dd/MM, in the header beside the price', () => {
    const later = dayFromToday(45);
    const { unmount } = renderView(withSupply(supply('short', later.day)));
    const short = screen.getByText(`היצרן מדווח על מחסור עד ${later.shown}`);
    expect(short.closest('header')?.querySelector('h1')).toBeTruthy();
    expect(short.getAttribute('role')).toBeNull();
    unmount();
    const today = dayFromToday(0);
    renderView(withSupply(supply('out', today.day)));
    expect(screen.getByText(`היצרן מדווח שהמוצר אזל עד ${today.shown}`)).toBeTruthy();
  });

  it('says nothing once the reported day has passed', () => {
    renderView(withSupply(supply('short', dayFromToday(-1).day)));
    expect(screen.queryByText(/היצרן מדווח/)).toBeNull();
  });

  it('says nothing when the product is reported available, or nothing is reported', () => {
    const { unmount } = renderView(withSupply(supply('available', null)));
    expect(screen.queryByText(/היצרן מדווח/)).toBeNull();
    unmount();
    renderView(withSupply(null));
    expect(screen.queryByText(/היצרן מדווח/)).toBeNull();
  });
});

const tags = Array.from({ length: 25 }, (_, i) => ({ slug: `tag-${i}`, name: `תגית ${i}` }));

describe('ProductTags', () => {
  it('links each tag to its page', () => {
    render(<ProductTags tags={data.tags} />);
    expect(screen.getByRole('link', { name: 'פרחים' }).getAttribute('href')).toBe('/tags/flowers');
  });

  it('shows the first few tags and the rest behind a "more" button', () => {
    render(<ProductTags tags={tags} />);
    expect(screen.getAllByRole('link')).toHaveLength(TAGS_SHOWN);
    const more = screen.getByRole('button', { name: `עוד ${25 - TAGS_SHOWN}` });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getAllByRole('link')).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'פחות' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('needs no button for a few tags, and nothing at all without tags', () => {
    const { container, rerender } = render(<ProductTags tags={tags.slice(0, 3)} />);
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<ProductTags tags={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
