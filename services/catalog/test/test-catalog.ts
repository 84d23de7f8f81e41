import type { CatalogSeedFile } from '../src/seed/seed';
import type { ProductInput } from '../src/products/products.writer';
import { eventually, offer, publishOffers, publishPharm, useCatalog } from './support';

const DAY_MS = 86_400_000;
// One clock reading per run, so the same product written twice is the same product.
const NOW = Date.now();
const daysAgo = (days: number) => new Date(NOW - days * DAY_MS).toISOString();

export const COMPANY = { a: 'חברה אלף', b: 'חברה בית', c: 'חברה גימל' } as const;
/** The companies' records: products name theirs by slug (ct-amber names company a by its name alone, as before companies were records). */
export const COMPANY_SLUG = { a: 'ct-alef', b: 'ct-bet', c: 'ct-gimel', none: 'ct-dalet' } as const;
export const COMPANIES = [
  { slug: COMPANY_SLUG.a, name: COMPANY.a, licenceNumber: 'CT-LIC-1' },
  { slug: COMPANY_SLUG.b, name: COMPANY.b, licenceNumber: 'CT-LIC-2' },
  { slug: COMPANY_SLUG.c, name: COMPANY.c, licenceNumber: null, logoUrl: null },
  // A company with no products yet.
  { slug: COMPANY_SLUG.none, name: 'חברה דלת', licenceNumber: 'CT-LIC-4' },
];

/**
 * The integration tests' catalogue: seven products whose offers make every filter, facet and order
 * tell apart (slugs start with ct-, names use words no other suite uses).
 *
 *   slug                      type      cannabis  dosage   company  typical  popularity  launched  offers (₪)
 *   ct-ginger-t20-c4          flower    sativa    T20/C4   a        300      95 popular  400 d     250 (p1), 280 (p2)
 *   ct-ginger-oil-t20-c4      oil       sativa    T20/C4   a        320      40          200 d     330 was 400 (p1)
 *   ct-cliffs-t15-c3          flower    indica    T15/C3   b        240      60 new       10 d     200 (p1)
 *   ct-sage-t10-c10           flower    hybrid    T10/C10  b        220      20          300 d     180 out of stock (p2)
 *   ct-calm-t1-c20            flower    indica    T1/C20   c        190      10          500 d     150 unpublished (p1)
 *   ct-polar-pre-roll-t22-c1  pre-roll  sativa    T22/C1   c        350      70          100 d     360 (p2), 400 (p3)
 *   ct-amber-t18-c3           flower    hybrid    T18/C3   a (name) 280      30          700 d     none
 */
export const P = {
  ginger: 'ct-ginger-t20-c4',
  gingerOil: 'ct-ginger-oil-t20-c4',
  cliffs: 'ct-cliffs-t15-c3',
  sage: 'ct-sage-t10-c10',
  calm: 'ct-calm-t1-c20',
  polar: 'ct-polar-pre-roll-t22-c1',
  amber: 'ct-amber-t18-c3',
} as const;

export const TAGS = [
  { slug: 'ct-sativa', name: 'סאטיבה (בדיקה)', title: 'מוצרי סאטיבה', seoTitle: 'סאטיבה – השוואת מחירים', seoDescription: 'כל מוצרי הסאטיבה' },
  { slug: 'ct-day', name: 'ליום (בדיקה)', title: null, seoTitle: null, seoDescription: null },
  { slug: 'ct-empty', name: 'ריקה (בדיקה)', title: null, seoTitle: null, seoDescription: null },
];

const product = (p: Partial<ProductInput> & Pick<ProductInput, 'slug' | 'name' | 'hebName' | 'engName'>): ProductInput => ({
  shortName: p.hebName, type: 'flower', sizeQuantity: 10, sizeUnit: 'גרם', launchedAt: daysAgo(365), ...p,
});

export function testProducts(): ProductInput[] {
  return [
    product({
      slug: P.ginger, name: 'זנגביל סגול T20/C4', hebName: 'זנגביל סגול', engName: 'Purple Ginger', companySlug: COMPANY_SLUG.a, cannabisType: 'sativa',
      thccbdDosage: 'T20/C4', family: 'ct-ginger', estimatedPrice: 30_000, yarpaProductId: 'CT-YRP-GINGER', popularity: 95, isPopular: true, launchedAt: daysAgo(400),
      effects: ['אנרגיה', 'מצב רוח'], tastes: ['הדרים'], terpenes: ['Limonene', 'Pinene'], originCountry: 'ישראל', sterilizationMethod: 'קרינת בטא',
      growingFacility: 'חממה', originSpecie: 'Sour Diesel, Haze', pesticideMethod: 'organic', microbialLoad: 'cold_plasma', moistureTest: 'lod',
      tags: ['ct-sativa', 'ct-day'],
    }),
    product({
      slug: P.gingerOil, name: 'שמן זנגביל סגול T20/C4', hebName: 'זנגביל סגול', engName: 'Purple Ginger', type: 'oil', sizeUnit: 'מ״ל', companySlug: COMPANY_SLUG.a,
      cannabisType: 'sativa', thccbdDosage: 'T20/C4', family: 'ct-ginger', estimatedPrice: 32_000, popularity: 40, launchedAt: daysAgo(200), tags: ['ct-sativa'],
    }),
    product({
      slug: P.cliffs, name: 'צוקי הגולן T15/C3', hebName: 'צוקי הגולן', engName: 'Golan Cliffs', companySlug: COMPANY_SLUG.b, cannabisType: 'indica',
      thccbdDosage: 'T15/C3', family: 'ct-cliffs', estimatedPrice: 24_000, yarpaProductId: 'CT-YRP-CLIFFS', popularity: 60, isNew: true, launchedAt: daysAgo(10),
    }),
    product({
      slug: P.sage, name: 'מרווה כחולה T10/C10', hebName: 'מרווה כחולה', engName: 'Blue Sage', companySlug: COMPANY_SLUG.b, cannabisType: 'hybrid',
      thccbdDosage: 'T10/C10', family: 'ct-sage', estimatedPrice: 22_000, popularity: 20, launchedAt: daysAgo(300),
    }),
    product({
      slug: P.calm, name: 'שקט לילי T1/C20', hebName: 'שקט לילי', engName: 'Night Calm', companySlug: COMPANY_SLUG.c, cannabisType: 'indica',
      thccbdDosage: 'T1/C20', family: 'ct-calm', estimatedPrice: 19_000, popularity: 10, launchedAt: daysAgo(500),
    }),
    product({
      slug: P.polar, name: 'כוכב הקוטב פרה-רול T22/C1', hebName: 'כוכב הקוטב', engName: 'Polar Star', type: 'pre-roll', companySlug: COMPANY_SLUG.c,
      cannabisType: 'sativa', thccbdDosage: 'T22/C1', family: 'ct-polar', estimatedPrice: 35_000, popularity: 70, launchedAt: daysAgo(100), tags: ['ct-sativa'],
    }),
    product({
      slug: P.amber, name: 'ענבר עתיק T18/C3', hebName: 'ענבר עתיק', engName: 'Ancient Amber', company: COMPANY.a, cannabisType: 'hybrid',
      thccbdDosage: 'T18/C3', family: 'ct-amber', estimatedPrice: 28_000, popularity: 30, launchedAt: daysAgo(700), tags: ['ct-sativa'],
    }),
  ];
}

export const PHARM = { p1: 'ct-pharm-one', p2: 'ct-pharm-two', p3: 'ct-pharm-three' } as const;

export const EXPIRES = { soon: '2027-01-31T00:00:00.000Z', later: '2027-06-30T00:00:00.000Z' };

/** The offers of the table above. */
export function testOffers() {
  return [
    offer(1, P.ginger, PHARM.p1, 250, { expiresAt: EXPIRES.soon }),
    offer(2, P.ginger, PHARM.p2, 280, { expiresAt: EXPIRES.later }),
    offer(3, P.gingerOil, PHARM.p1, 330, { originalPrice: 40_000 }),
    offer(4, P.cliffs, PHARM.p1, 200),
    offer(5, P.sage, PHARM.p2, 180, { inStock: false }),
    offer(6, P.calm, PHARM.p1, 150, { published: false }),
    offer(7, P.polar, PHARM.p2, 360),
    offer(8, P.polar, PHARM.p3, 400),
  ];
}

export function testCatalog(): CatalogSeedFile {
  return {
    companies: COMPANIES,
    tags: TAGS,
    products: testProducts(),
    faq: [
      { id: 1, category: 'regulatory', question: 'שאלה רגולטורית', answer: 'תשובה', medicalDisclaimer: false },
      { id: 2, category: 'educational', question: 'שאלה לימודית', answer: 'תשובה', medicalDisclaimer: true },
      { id: 3, category: 'commercial', question: 'שאלה מסחרית', answer: 'תשובה', medicalDisclaimer: false },
    ],
    footerLinks: [
      { label: 'מידע', url: '/faq', newWindow: false, children: [{ label: 'שאלות נפוצות', url: '/faq', newWindow: false, children: [] }] },
      { label: 'משרד הבריאות', url: 'https://www.gov.il', newWindow: true, children: [] },
    ],
    socialGroups: [
      { id: 1, region: 'תל אביב', city: null, category: 'כל המוצרים', dosage: null, discountPercent: null, priceCap: null, url: 'https://chat.whatsapp.com/test1' },
      { id: 2, region: 'הצפון', city: 'קצרין', category: 'THC', dosage: 'T20/C4', discountPercent: 15, priceCap: 29_950, url: 'https://chat.whatsapp.com/test2' },
    ],
  };
}

/** The test pharmacies as pharm's events describe them. */
export const testPharms = () => [
  { slug: PHARM.p1, name: 'בית מרקחת צוקי הגולן', city: 'קצרין', address: 'דרך הגולן 1', logoUrl: null },
  { slug: PHARM.p2, name: 'פארם הענברים', city: 'אילת', address: 'שדרות התמרים 5', logoUrl: '/logos/amber.png' },
  { slug: PHARM.p3, name: 'מרקחת הקוטב', city: 'מטולה', address: 'הרימון 3', logoUrl: null },
];

/**
 * Loads the test catalogue, then its pharmacies and offers through pharm's events, and waits until catalog has applied
 * them. The companies' supply reports of an earlier suite go (an unchanged product is not written again, so they would stay).
 */
export function useTestCatalog() {
  return useCatalog(testCatalog, async ({ nc, sql }) => {
    await sql('DELETE FROM catalog.supply_edits');
    await sql('DELETE FROM catalog.product_supply');
    const at = new Date();
    for (const pharm of testPharms()) await publishPharm(nc(), pharm, false, at);
    await publishOffers(nc(), testOffers(), at);
    await eventually('the test offers and pharmacies to be applied', async () => {
      const [row] = await sql<{ offers: number; pharms: number }>(
        `SELECT (SELECT count(*)::int FROM catalog.offers WHERE pharm_product_id BETWEEN 900000001 AND 900000008 AND source_at = $1) AS offers,
                (SELECT count(*)::int FROM catalog.pharms_view WHERE slug LIKE 'ct-pharm-%' AND source_at = $1) AS pharms`, [at]);
      return row;
    }, (r) => r.offers === 8 && r.pharms === 3, 45_000);
  });
}
