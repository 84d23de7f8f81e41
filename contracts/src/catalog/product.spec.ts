import { productCard, type Product } from './product';

const product: Product = {
  name: 'Ginger', slug: 'ginger', shortName: null, type: 'flower', imageUrl: '/media/products/ginger.svg',
  media: [{ isPrimary: true, type: 'image', url: '/media/products/ginger.svg' }], sizeQuantity: 10, sizeUnit: 'גרם',
  estimated_price: null, yarpaProductId: 'YRP-123456', priceRange: { min: 150, max: 199.5 }, pharmProductsCount: 3,
  maxExpiresAt: '2027-01-01T00:00:00.000Z', isPopular: true, isNew: false,
  variants: [{ slug: 'ginger-oil', name: 'Ginger oil', short_name: null, imageUrl: null }],
  supply: { state: 'short', until: '2027-01-12', units: 40, updatedAt: '2026-11-01T00:00:00.000Z' },
  info: {
    hebName: 'זנגביל', engName: 'Ginger', company: 'טבע', companySlug: 'teva', cannabisType: 'sativa', thccbdDosage: 'T20/C4',
    effects: ['רגיעה'], tastes: ['הדרים'], terpenes: ['לימונן'], originCountry: 'ישראל', sterilizationMethod: null,
    growingFacility: null, originSpecie: null, pesticideMethod: null, microbialLoad: null, moistureTest: null,
  },
};

describe('a product card', () => {
  it('holds what a list card draws, as the product has it, and nothing else', () => {
    expect(productCard(product)).toEqual({
      name: 'Ginger', slug: 'ginger', shortName: null, type: 'flower', imageUrl: '/media/products/ginger.svg', sizeQuantity: 10,
      sizeUnit: 'גרם', estimated_price: null, priceRange: { min: 150, max: 199.5 }, pharmProductsCount: 3, isPopular: true, isNew: false,
      info: { hebName: 'זנגביל', engName: 'Ginger', company: 'טבע', companySlug: 'teva', cannabisType: 'sativa', thccbdDosage: 'T20/C4' },
    });
  });

  it('leaves out an optional field the product does not have', () => {
    const { companySlug: _, ...info } = product.info;
    expect(productCard({ ...product, info }).info).not.toHaveProperty('companySlug');
  });
});
