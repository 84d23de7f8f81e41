// The landing pages' data, as the API answers it, for the tests of the server render and of the app's start.

/** A product with no offers, tags or related products. */
export const drGreen = {
  name: 'דר. גרין', slug: 'dr-green', shortName: null, type: 'flower', imageUrl: null, media: [], estimated_price: null, yarpaProductId: null,
  priceRange: null, pharmProductsCount: 0, maxExpiresAt: null, variants: [], sizeQuantity: 10, sizeUnit: 'גרם', isPopular: false, isNew: false,
  info: { hebName: 'דר. גרין', engName: 'Dr. Green', company: null, cannabisType: 'indica', thccbdDosage: 'T20/C4' },
};

/** A pharmacy with no hours, tags, slides or products. */
export const merkaz = {
  name: 'בית מרקחת מרכז', slug: 'merkaz', address: 'הרצל 1', city: 'תל אביב', lat: 32.08, lng: 34.78, distance: null, phoneNumber: null,
  whatsappNumber: null, wazeAddress: null, logo_url: null, isOpen: true, nextOpening: null, isOnboard: true, isStockOnly: false, shipping: 'paid',
  shipmentNotes: null, openingHours: {}, tags: [], seoTitle: null, seoDescription: null, updatedAt: '2026-01-01T00:00:00Z',
};

/** The API's answers of those pages, by path. */
export const landingAnswers: Record<string, unknown> = {
  '/api/layout': { latestProducts: [], footerLinks: [] },
  '/api/products/dr-green': { product: drGreen, tags: [] },
  '/api/products/dr-green/related': { products: [] },
  '/api/products/dr-green/pharm-products': { product: drGreen, offers: [] },
  '/api/pharms/merkaz': { pharm: merkaz, announcements: [] },
  '/api/pharms/merkaz/slides': { slides: [] },
  '/api/pharms/merkaz/products': { pharmProducts: [], filtersData: {}, total: 0, perPage: 24, currentPage: 1 },
};
