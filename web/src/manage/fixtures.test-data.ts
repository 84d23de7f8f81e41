import type {
  CompanyPage, CompanyStockHistory, CompanyStockPage, CompanyStockRow, PricesReportPage, StockReportPage,
} from '@mc/contracts';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A session token of the given role (the page learns the signed-in user from it). */
export const sessionJwt = (role: string, sub = '7') => `${b64({ alg: 'ES256' })}.${b64({ sub, typ: 'user', role, ver: 0 })}.sig`;

/** A business access token of a company, running out `seconds` from now. */
export const accessJwt = (slug: string, seconds = 300, n = 1) =>
  `${b64({ alg: 'ES256' })}.${b64({ sub: '7', typ: 'business', biz: `company:${slug}`, exp: Math.floor(Date.now() / 1000) + seconds, n })}.sig`;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const market = (productId: number, over: Partial<CompanyStockRow['market']> = {}): CompanyStockRow['market'] => ({
  productId, pharmaciesInStock: 3, pharmaciesOffering: 5, units: 42, lowestPrice: 18_900, medianPrice: 21_450, highestPrice: 25_000,
  districts: [
    { district: 'מרכז', pharmaciesInStock: 2, pharmaciesOffering: 3, units: 30, lowestPrice: 18_900, medianPrice: 20_000, highestPrice: 21_000 },
    { district: 'צפון', pharmaciesInStock: 1, pharmaciesOffering: 2, units: 12, lowestPrice: 25_000, medianPrice: 25_000, highestPrice: 25_000 },
  ],
  ...over,
});

export const companyPage = (stockReport: boolean): CompanyPage => ({
  company: { slug: 'greenmed', name: 'גרינמד', logoUrl: '/media/greenmed.png', licenceNumber: 'IMC-1234', productsCount: 12 },
  figures: {
    productsStocked: 9,
    pharmaciesStocking: 31,
    stockOutsThisWeek: 4,
    cheapest: { price: 14_990, productId: 1, productName: 'גרינמד T20/C4', pharmSlug: 'yam-eilat', pharmName: 'פארם הים', city: 'אילת' },
    dearest: { price: 32_000, productId: 2, productName: 'גרינמד T10/C10', pharmSlug: 'merkaz-tel-aviv', pharmName: 'מרכז תל אביב', city: 'תל אביב' },
    products: [
      { productId: 1, productName: 'גרינמד T20/C4', pharmaciesInStock: 17 },
      { productId: 2, productName: 'גרינמד T10/C10', pharmaciesInStock: 8 },
    ],
    features: { stockHistory: true, stockReport, stockOuts: true },
  },
});

export const stockRow = (id: number, name: string, over: Partial<CompanyStockRow> = {}): CompanyStockRow => ({
  id, slug: `product-${id}`, name, imageUrl: null, thccbdDosage: 'T20/C4', yarpaProductId: `YRP-${id}00`, supply: null, market: market(id), ...over,
});

export const stockPage = (rows: CompanyStockRow[], total = rows.length): CompanyStockPage => ({ products: rows, total, perPage: 20, currentPage: 1 });

export const history: CompanyStockHistory = {
  days: [
    { day: '2026-11-26', pharmaciesInStock: 14, units: 120, medianPrice: 21_000 },
    { day: '2026-11-27', pharmaciesInStock: 16, units: 131, medianPrice: null },
    { day: '2026-11-28', pharmaciesInStock: 17, units: 140, medianPrice: 21_450 },
  ],
  edits: {
    edits: [{ productId: 1, productName: 'גרינמד T20/C4', state: 'short', until: '2027-01-12', units: 40, editedAt: '2026-11-27T08:30:00.000Z' }],
    total: 1, perPage: 20, currentPage: 1,
  },
};

export const report = (outOnly: boolean): StockReportPage => ({
  rows: [
    ...(outOnly ? [] : [{ productId: 1, productName: 'גרינמד T20/C4', pharmSlug: 'yam-eilat', pharmName: 'פארם הים', city: 'אילת', district: 'דרום', inStock: true, amount: 6, price: 14_990, outSince: null }]),
    { productId: 2, productName: 'גרינמד T10/C10', pharmSlug: 'merkaz-tel-aviv', pharmName: 'מרכז תל אביב', city: 'תל אביב', district: 'תל אביב', inStock: false, amount: null, price: 32_000, outSince: '2026-11-25T10:00:00.000Z' },
  ],
  districts: outOnly ? [{ district: 'תל אביב', offers: 1, inStock: 0 }] : [{ district: 'דרום', offers: 1, inStock: 1 }, { district: 'תל אביב', offers: 1, inStock: 0 }],
  total: outOnly ? 1 : 2, perPage: 100, currentPage: 1,
});

export const pricesReport: PricesReportPage = {
  rows: [{ day: '2026-11-28', productId: 1, productName: 'גרינמד T20/C4', company: 'גרינמד', pharmaciesInStock: 17, lowestPrice: 14_990, medianPrice: 21_450, highestPrice: 32_000 }],
  total: 1, perPage: 100, currentPage: 1,
};
