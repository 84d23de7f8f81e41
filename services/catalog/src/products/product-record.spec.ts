import { toProduct, type ProductRecord } from './product-record';

const record: ProductRecord = {
  slug: 'dr-green-t20-c4', name: 'דוקטור גרין T20/C4', shortName: 'דוקטור גרין', type: 'flower', imageUrl: '/media/products/dr-green-t20-c4.svg',
  media: [{ isPrimary: true, type: 'image', url: '/media/products/dr-green-t20-c4.svg' }], sizeQuantity: 10, sizeUnit: 'גרם',
  estimatedPrice: 29_900, yarpaProductId: 'YRP-104729', minPrice: 24_950, maxPrice: 31_000, pharmCount: 3, maxExpiresAt: '2027-01-31T00:00:00+00:00', isPopular: true, isNew: false,
  hebName: 'דוקטור גרין', engName: 'Dr. Green', company: 'שדות הגליל', companySlug: 'galil-fields', cannabisType: 'sativa', dosage: 'T20/C4', effects: ['אנרגיה'], tastes: [],
  terpenes: ['Limonene'], originCountry: 'ישראל', sterilizationMethod: null, growingFacility: 'חממה', originSpecie: 'Haze, Skunk #1',
  pesticideMethod: 'organic', microbialLoad: null, moistureTest: 'lod', variants: [], supply: null,
};

describe('toProduct', () => {
  it('shows money in shekels and times in ISO form', () => {
    expect(toProduct(record)).toMatchObject({
      estimated_price: 299, yarpaProductId: 'YRP-104729', priceRange: { min: 249.5, max: 310 }, pharmProductsCount: 3, maxExpiresAt: '2027-01-31T00:00:00.000Z',
      info: { hebName: 'דוקטור גרין', companySlug: 'galil-fields', thccbdDosage: 'T20/C4', originSpecie: 'Haze, Skunk #1' },
      supply: null,
    });
  });

  it("shows the company's supply report with its time in ISO form", () => {
    const supply = { state: 'short' as const, until: '2027-01-12', units: 40, updatedAt: '2026-11-28T12:30:00+02:00' };
    expect(toProduct({ ...record, supply }).supply).toEqual({ state: 'short', until: '2027-01-12', units: 40, updatedAt: '2026-11-28T10:30:00.000Z' });
  });

  it('has no range, expiry or typical price when there is none', () => {
    expect(toProduct({ ...record, minPrice: null, maxPrice: null, maxExpiresAt: null, estimatedPrice: null })).toMatchObject({
      priceRange: null, maxExpiresAt: null, estimated_price: null,
    });
  });
});
