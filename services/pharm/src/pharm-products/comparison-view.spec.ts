import { PER_PAGE } from '@mc/contracts';
import { momentOf, type PharmRecord } from '../common/pharm-view';
import { toComparison } from './comparison-view';
import type { Offer } from '../offers/offer';
import { toProductSummary, type ProductSummaryRow } from '../offers/offer-view';

const TEL_AVIV = { lat: 32.0853, lng: 34.7818 };
const CITIES = ['מודיעין-מכבים-רעות', 'תל אביב-יפו', 'ראשון לציון', 'באר שבע', 'קריית שמונה'];
const EVENINGS = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((day) => [day, [{ opensAt: '16:00', closesAt: '22:00' }]]));
const ALWAYS_OPEN = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((day) => [day, [{ opensAt: '00:00', closesAt: '23:59' }]]));

const product: ProductSummaryRow = {
  slug: 'kinneret-butterfly-t24-c1', name: 'Kinneret Butterfly T24/C1', shortName: 'Butterfly', type: 'flower',
  imageUrl: '/media/products/kinneret-butterfly-t24-c1.webp', hebName: 'כנרת באטרפליי T24/C1', engName: 'Kinneret Butterfly',
  company: 'כנרת', cannabisType: 'sativa', dosage: 'T24/C1', sizeQuantity: 10, sizeUnit: 'גרם',
};

/** A pharmacy with names as long as the demo data's longest (its name 54 bytes, its slug 34 characters), a logo and every field filled. */
function pharmacy(n: number, openingHours = ALWAYS_OPEN): PharmRecord {
  const city = CITIES[n % CITIES.length];
  const slug = `pharma-plus-modi-in-maccabim-re-ut-${n}`;
  return {
    id: n, slug, name: `פארמה פלוס ${city} ${n}`, address: `שדרות עמק החולה ${n}, מרכז מסחרי הדקל, קומה 2`, city,
    district: 'מרכז', lat: 31.9 + n / 1000, lng: 34.8 + n / 1000, phone: '03-1234567', whatsapp: '050-1234567',
    wazeAddress: `שדרות עמק החולה ${n} ${city}`, logoUrl: `/media/pharms/${slug}.svg`, isOnboard: true, isStockOnly: false,
    shipping: 'free-all-country', shipmentNotes: 'משלוח עד הבית תוך יומיים, בתיאום טלפוני מראש', openingHours,
    seoTitle: null, seoDescription: null, popularity: n, orderEmail: null, updatedAt: new Date('2026-11-01T00:00:00Z'),
    tags: [{ slug: 'delivery', name: 'משלוחים' }, { slug: 'open-late', name: 'פתוח עד מאוחר' }],
  };
}

/** An offer of the index, in pharmacy n. */
function offer(n: number, openingHours = ALWAYS_OPEN): Offer {
  return {
    id: 1_000_000 + n, pharm: { id: n, record: pharmacy(n, openingHours), offers: new Set() }, product: { slug: product.slug, facts: null, offers: new Set() },
    price: 19_990 + n * 100, originalPrice: 24_990 + n * 100, perGram: 1_999 + n * 10, inStock: true, published: true,
    // Confirmed n minutes before the moment; the 80th and later over three days before (stale: a long date, not in stock).
    confirmedAt: Date.parse('2026-11-24T10:00:00Z') - (n < 80 ? n * 60_000 : 100 * 3_600_000 + n),
    expiresAt: Date.parse('2027-01-31T22:00:00Z'), isPopular: n % 3 === 0, isNew: n % 7 === 0, isPromoted: false,
    createdAt: Date.parse('2026-10-01T00:00:00Z') * 1000, updatedAt: Date.parse('2026-11-01T00:00:00Z') * 1000,
    // The second dropped from 249.90 two days before the moment; the third eight days before (no mark any more).
    priceBefore: n === 2 || n === 3 ? 24_990 : null,
    priceDroppedAt: n === 2 ? Date.parse('2026-11-22T10:00:00Z') : n === 3 ? Date.parse('2026-11-16T10:00:00Z') : null,
  };
}

const summary = toProductSummary(product);

describe('the comparison answer', () => {
  const moment = momentOf(new Date('2026-11-24T10:00:00Z'));

  it('names the product once and, with each offer, what its row draws of the pharmacy', () => {
    const [a, b] = [pharmacy(1), pharmacy(2)];
    const answer = toComparison(summary, [offer(2), offer(1)], moment, TEL_AVIV);
    expect(answer.product).toEqual({
      slug: product.slug, name: product.name, shortName: 'Butterfly', type: 'flower', imageUrl: product.imageUrl,
      sizeQuantity: 10, sizeUnit: 'גרם',
      info: { hebName: product.hebName, engName: product.engName, company: 'כנרת', cannabisType: 'sativa', thccbdDosage: 'T24/C1' },
    });
    expect(answer.offers).toEqual([
      expect.objectContaining({ id: 1_000_002, pharm: expect.objectContaining({ slug: b.slug }) }),
      {
        id: 1_000_001, totalPrice: 200.9, originalPrice: 250.9,
        confirmedAt: Date.parse('2026-11-24T09:59:00Z'),
        pharm: { slug: a.slug, name: a.name, city: a.city, logo_url: a.logoUrl, isOpen: true, nextOpening: null, shipping: 'free-all-country', distance: 20.6 },
      },
    ]);
  });

  it('marks a price that dropped within the last 7 days, and no older drop', () => {
    const rows = toComparison(summary, [offer(1), offer(2), offer(3)], moment).offers;
    expect(rows.map((r) => r.priceDroppedFrom)).toEqual([undefined, 249.9, undefined]);
  });

  it('says when a closed pharmacy next opens', () => {
    // 10:00 UTC is 12:00 in Israel, on a Tuesday.
    const [row] = toComparison(summary, [offer(1, EVENINGS)], moment).offers;
    expect(row.pharm).toMatchObject({ isOpen: false, nextOpening: Date.parse('2026-11-24T14:00:00Z'), distance: null });
  });

  it('keeps a full page (100 discounted offers of 100 closed pharmacies with long Hebrew names, with distances) under 40 kB of JSON', () => {
    const selected = Array.from({ length: PER_PAGE.comparison }, (_, i) => offer(i + 1, EVENINGS));
    const bytes = Buffer.byteLength(JSON.stringify(toComparison(summary, selected, moment, TEL_AVIV)));
    expect(bytes).toBeLessThan(40_000);
  });
});
