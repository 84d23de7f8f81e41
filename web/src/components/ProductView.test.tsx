import type { ProductDetailResponse } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../queries/query-client';
import { ProductView } from './ProductView';

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
    priceRange: null,
    pharmProductsCount: 0,
    maxExpiresAt: null,
    variants: [],
    sizeQuantity: 10,
    sizeUnit: 'גרם',
    isPopular: true,
    isNew: false,
    info: {
      hebName: 'דר. גרין T20/C4',
      engName: 'Dr. Green T20/C4',
      company: 'קנאבי-טק',
      cannabisType: 'indica',
      thccbdDosage: 'T20/C4',
      effects: [],
      tastes: [],
      terpenes: [],
      originCountry: null,
      sterilizationMethod: null,
      growingFacility: null,
      originSpecie: null,
      pesticideMethod: null,
      microbialLoad: null,
      moistureTest: null,
    },
  },
  tags: [{ name: 'פרחים', slug: 'flowers' }],
};

describe('ProductView', () => {
  it('shows the Hebrew name in the h1 and the English name beneath it', () => {
    renderView(data);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('דר. גרין T20/C4');
    expect(screen.getByText('Dr. Green T20/C4').tagName).toBe('BDI');
  });

  it('shows the dosage and the Hebrew type label, the company and the tags', () => {
    renderView(data);

    expect(screen.getByText('T20/C4', { selector: 'bdi' })).toBeTruthy();
    expect(screen.getByText('אינדיקה')).toBeTruthy();
    expect(screen.getByText('קנאבי-טק')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'פרחים' }).getAttribute('href')).toBe('/tags/flowers');
  });
});
