import { join } from 'node:path';
import { distanceKm, DISTRICTS, isOpenAt, LOCALITIES, opensOnSaturday, parsePharmListQuery, parsePharmProductListQuery, Subjects } from '@mc/contracts';
import { discountInputError } from '../src/discounts/discount-rules';
import { rpc, TEST_ENV, waitFor } from '@mc/kit/testing';
import { sql } from 'drizzle-orm';
import { PharmProductsReader } from '../src/pharm-products/pharm-products.reader';
import { OFFER_INDEX_POLL_MS } from '../src/offers/offer-index';
import { PharmsReader } from '../src/pharms/pharms.reader';
import { seedPharm, type PharmSeedFile, type SeedPharm } from '../src/seed/seed';
import { REGULAR_HOURS, usePharm } from './support';

// The generator is plain CommonJS tooling of deploy/ (it reads contracts' gazetteer from contracts/dist, built by `make build`).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generate } = require(join(__dirname, '../../../deploy/seed/generate')) as { generate: (volume: string) => { pharm: PharmSeedFile; catalog: { products: { slug: string }[] } } };

jest.setTimeout(60_000);

describe('the seed: the generator and the loader', () => {
  describe('deploy/seed/pharm-data.js', () => {
    const demo = generate('demo').pharm;
    const fixtures = generate('fixtures');
    const offers = (file: PharmSeedFile) => file.pharmacies.flatMap((p) => p.offers);

    it('is deterministic', () => {
      expect(JSON.stringify(generate('demo').pharm)).toBe(JSON.stringify(demo));
    });

    it('makes the fixtures the tests rely on, with stable offer ids', () => {
      const pharm = fixtures.pharm;
      expect(pharm.pharmacies.map((p) => p.slug)).toEqual(['merkaz-tel-aviv', 'layla-haifa', 'yam-eilat', 'galil-karmiel', 'shaked-rishon']);
      expect(offers(pharm).map((o) => o.id)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
      const known = new Set(fixtures.catalog.products.map((p) => p.slug));
      expect(offers(pharm).every((o) => known.has(o.productSlug))).toBe(true);
      expect(offers(pharm).find((o) => o.id === 1)).toMatchObject({ productSlug: 'dr-green-t20-c4', price: 18900, inStock: true });
      const byslug = new Map(pharm.pharmacies.map((p) => [p.slug, p]));
      // 00:30 on Tuesday 24/11/2026 in Israel; 12:00 on Saturday 28/11/2026.
      expect(isOpenAt(byslug.get('layla-haifa')!.openingHours, new Date('2026-11-23T22:30:00Z'))).toBe(true);
      expect(pharm.pharmacies.filter((p) => opensOnSaturday(p.openingHours)).map((p) => p.slug)).toEqual(['yam-eilat']);
      // The demo starts with the same fixtures and the same ids.
      expect(demo.pharmacies.slice(0, 5).map((p, i) => p.offers.slice(0, pharm.pharmacies[i].offers.length))).toEqual(pharm.pharmacies.map((p) => p.offers));
    });

    it('gives the fixtures their order e-mails, always-in-stock offers and the discounts and coupons of fixed codes', () => {
      const pharm = fixtures.pharm;
      expect(pharm.pharmacies.map((p) => p.orderEmail)).toEqual(pharm.pharmacies.map((p) => `orders@${p.slug}.pharm.test`));
      expect(offers(pharm).filter((o) => o.alwaysInStock).map((o) => o.id)).toEqual([9, 17]);
      const codes = Object.fromEntries(pharm.pharmacies.map((p) => [p.slug, (p.discounts ?? []).map((d) => d.code)]));
      expect(codes).toEqual({
        'merkaz-tel-aviv': ['MERKAZ_ALL5', 'MERKAZ_OIL20', 'WELCOME10', 'SAVE20', 'EXPIRED5', 'HIDDEN15'],
        'layla-haifa': ['LAYLA_NIGHT3', 'LAYLA15', 'CALM150'],
        'yam-eilat': [],
        'galil-karmiel': [],
        'shaked-rishon': ['SHAKED_ALL10', 'SHAKED_NS25', 'SHAKED5', 'SOON10'],
      });
      const all = pharm.pharmacies.flatMap((p) => (p.discounts ?? []).map((d) => ({ ...d, offered: new Set(p.offers.map((o) => o.productSlug)) })));
      for (const d of all) {
        expect([d.code, discountInputError({ ...d, startsAt: new Date(d.startsAt), endsAt: new Date(d.endsAt) })]).toEqual([d.code, null]);
        expect(d.productSlugs.every((slug) => d.offered.has(slug))).toBe(true);
      }
      const coupon = (code: string) => all.find((d) => d.code === code)!;
      expect(coupon('WELCOME10')).toMatchObject({ type: 'coupon', amountType: 'percent', amount: 10, newCustomersOnly: true, published: true });
      expect(coupon('SAVE20')).toMatchObject({ type: 'coupon', amountType: 'fixed', amount: 2000 });
      expect(coupon('CALM150')).toMatchObject({ type: 'coupon', amountType: 'price', amount: 15000, productSlugs: ['calm-cbd-t1-c20'] });
      expect(Date.parse(coupon('EXPIRED5').endsAt)).toBeLessThan(Date.parse('2026-11-01T00:00:00Z'));
      expect(coupon('HIDDEN15').published).toBe(false);
      // Codes are unique whatever their case, across the demo's pharmacies too.
      const demoCodes = demo.pharmacies.flatMap((p) => (p.discounts ?? []).map((d) => d.code.toUpperCase()));
      expect(new Set(demoCodes).size).toBe(demoCodes.length);
      expect(demoCodes.length).toBeGreaterThan(20);
    });

    it('makes yam-eilat and galil-karmiel partner-synced (every offer of theirs locked), and no other fixture', () => {
      const pharm = fixtures.pharm;
      expect(Object.fromEntries(pharm.pharmacies.map((p) => [p.slug, p.partnerCode ?? null]))).toEqual({
        'merkaz-tel-aviv': null, 'layla-haifa': null, 'yam-eilat': 'PH-1800', 'galil-karmiel': 'PH-5341', 'shaked-rishon': null,
      });
      expect(offers(pharm).filter((o) => o.isYarpaLocked).map((o) => o.id)).toEqual([10, 11, 12, 13, 14]);
    });

    it('makes about 40% of the demo’s pharmacies partner-synced, each with its own code and all its offers locked', () => {
      const synced = demo.pharmacies.filter((p) => p.partnerCode);
      expect(synced).toHaveLength(80);
      expect(synced.every((p) => /^PH-\d{4}$/.test(p.partnerCode!))).toBe(true);
      expect(new Set(synced.map((p) => p.partnerCode)).size).toBe(80);
      for (const p of demo.pharmacies) expect([p.slug, p.offers.every((o) => o.isYarpaLocked === Boolean(p.partnerCode))]).toEqual([p.slug, true]);
      expect(offers(demo).filter((o) => o.isYarpaLocked)).toHaveLength(80 * 200);
      // The fake partner's view (deploy/seed/partner.js) is the same: these pharmacies, every product with its id and price.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { partnerUniverse } = require(join(__dirname, '../../../deploy/seed/partner')) as typeof import('../../../deploy/seed/partner');
      const universe = partnerUniverse('demo');
      expect(universe.pharmacies).toEqual(synced.map((p) => ({ code: p.partnerCode, slug: p.slug })));
      expect(universe.products).toHaveLength(800);
      expect(new Set(universe.products.map((p) => p.id)).size).toBe(800);
      expect(universe.products[0]).toEqual({ id: 'YRP-204729', slug: 'dr-green-t20-c4', price: 29_900 });
    });

    it('makes the demo volume: 200 pharmacies in gazetteer places, 40,000 offers at 145–429 ₪', () => {
      expect(demo.pharmacies).toHaveLength(200);
      expect(new Set(demo.pharmacies.map((p) => p.slug)).size).toBe(200);
      const all = offers(demo);
      expect(all).toHaveLength(40_000);
      expect(new Set(all.map((o) => o.id)).size).toBe(40_000);
      const places = new Map(LOCALITIES.map((l) => [l.name, l]));
      for (const p of demo.pharmacies) {
        const place = places.get(p.city)!;
        expect(place.district).toBe(p.district);
        expect(distanceKm(p, place)).toBeLessThan(3);
        expect(p.slides.length).toBeLessThanOrEqual(4);
        expect(p.phone).toMatch(/^0\d-\d{7}$/);
        expect(p.openingHours['5']!.length).toBeGreaterThan(0); // Friday, short
      }
      expect(new Set(demo.pharmacies.map((p) => p.district))).toEqual(new Set(DISTRICTS));
      expect(all.every((o) => o.price >= 14_500 && o.price <= 42_900)).toBe(true); // about 150–420 ₪ a pack
      expect(all.every((o) => o.originalPrice === null || o.originalPrice > o.price)).toBe(true);
      const saturday = demo.pharmacies.filter((p) => opensOnSaturday(p.openingHours)).length;
      expect(saturday).toBeGreaterThan(2);
      expect(saturday).toBeLessThan(60); // most are closed on Saturday
      const pastMidnight = demo.pharmacies.filter((p) => Object.values(p.openingHours).some((slots) => slots.some((s) => s.closesAt < s.opensAt)));
      expect(pastMidnight.length).toBeGreaterThanOrEqual(2);
      expect(new Set(demo.pharmacies.flatMap((p) => p.slides.map((s) => s.type)))).toEqual(new Set(['pharmProductsQuery', 'image']));
      expect(all.filter((o) => o.originalPrice !== null).length).toBeGreaterThan(4000);
    });
  });

  describe('services/pharm/src/seed/seed.ts', () => {
    const service = usePharm('pt-sd');
    const { data } = service;

    const file = (nextId: number): PharmSeedFile => {
      const pharmacy = (name: string, offers: SeedPharm['offers']): SeedPharm => ({
        slug: data.slug(name), name: `מרקחת ${name}`, address: 'הרצל 5', city: 'חולון', district: 'תל אביב', lat: 32.0158, lng: 34.7874,
        phone: '03-5000000', whatsapp: null, wazeAddress: 'הרצל 5, חולון', logoUrl: `/media/pharms/${data.slug(name)}.svg`, isOnboard: true,
        isStockOnly: false, shipping: 'paid', shipmentNotes: 'משלוחים בחולון', openingHours: REGULAR_HOURS, seoTitle: null, seoDescription: null,
        popularity: 5, tags: [data.tag], orderEmail: `orders@${name}.pharm.test`,
        slides: [{ placement: 1, type: 'pharmProductsQuery', template: 'products-carousel', templateData: { title: 'מבצעים' }, query: { discounted: true }, imageUrl: null }],
        announcements: [{ content: 'הודעה', startsAt: '2026-11-01T00:00:00.000Z', endsAt: null }],
        offers,
        discounts: name === 'a' ? [
          { code: 'PTSD_ALL5', name: 'הנחה', type: 'all-products', amountType: 'percent', amount: 5, published: true, allowMultiple: false,
            newCustomersOnly: false, startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2027-11-01T00:00:00.000Z', productSlugs: [] },
          { code: 'PTSD_X', name: 'קופון', type: 'coupon', amountType: 'price', amount: 15000, published: true, allowMultiple: false,
            newCustomersOnly: true, startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2027-11-01T00:00:00.000Z', productSlugs: [data.slug('x')] },
        ] : [],
      });
      const offer = (product: string, price: number, id?: number) => ({
        id, productSlug: data.slug(product), price, originalPrice: null, inStock: true, amount: 3, published: true,
        expiresAt: '2027-03-01T00:00:00.000Z', isPopular: false, isNew: false, isPromoted: false,
      });
      return {
        tags: [{ slug: data.tag, name: 'בדיקה' }],
        pharmacies: [
          pharmacy('a', [offer('x', 20000, nextId), offer('y', 25000)]),
          pharmacy('b', [offer('x', 21000)]),
        ],
      };
    };

    it('loads a file, keeps a free id it asks for, and changes nothing when run again', async () => {
      await data.product('x');
      await data.product('y');
      const [{ max }] = (await data.db.execute<{ max: number }>(sql`SELECT coalesce(max(id), 0)::int AS max FROM pharm.pharm_products`)).rows;
      const wanted = max + 100;
      const first = await seedPharm(file(wanted), TEST_ENV, { prune: false });
      expect(first).toMatchObject({ pharmacies: 2, changedPharmacies: 2, offers: 3, inserted: 3, updated: 0, removed: 0, discounts: 2, changedDiscounts: 2 });
      await expect(rpc(service.nc(), Subjects.pharm.couponGet, { code: 'ptsd_x' })).resolves.toMatchObject({ pharmSlug: data.slug('a'), amountType: 'price', amount: 15000 });
      const checkout = await rpc(service.nc(), Subjects.pharm.checkoutOffers, { pharmProductIds: [wanted], couponCodes: ['PTSD_X'] });
      expect(checkout.offers[0]).toMatchObject({ listPrice: 20000, price: 15000, discountCodes: ['PTSD_X'] });
      expect(checkout.pharms).toEqual([expect.objectContaining({ slug: data.slug('a'), orderEmail: 'orders@a.pharm.test' })]);
      const list = await service.app().get(PharmProductsReader).list({ ...parsePharmProductListQuery({ sortBy: 'price' }), slug: data.slug('a') });
      expect(list.pharmProducts.map((o) => [o.product.slug, o.totalPrice])).toEqual([[data.slug('x'), 200], [data.slug('y'), 250]]);
      expect(list.pharmProducts[0].id).toBe(wanted);
      // The sequence moved past it: the next new offer does not collide.
      await data.offers(data.slug('b'), [{ productSlug: data.slug('x'), price: 21000 }, { productSlug: data.slug('y'), price: 1000 }]);

      const again = await seedPharm(file(wanted), TEST_ENV, { prune: false });
      // The file wins: b's x back to the file's expiry and amount, b's y (not in the file) removed.
      expect(again).toMatchObject({ changedPharmacies: 0, inserted: 0, updated: 1, removed: 1 });
      const still = await seedPharm(file(wanted), TEST_ENV, { prune: false });
      expect(still).toMatchObject({ changedPharmacies: 0, inserted: 0, updated: 0, removed: 0, changedDiscounts: 0 });
    });

    it('stores a pharmacy’s partner code and locks its offers as the file says, and unlocks them when it no longer does', async () => {
      const partnerCode = `PT-SD-${Date.now()}`;
      const synced = (on: boolean): PharmSeedFile => {
        const f = file(undefined as never);
        f.pharmacies[1] = { ...f.pharmacies[1], partnerCode: on ? partnerCode : null, offers: f.pharmacies[1].offers.map((o) => ({ ...o, isYarpaLocked: on })) };
        return f;
      };
      const stored = async () => (await data.db.execute<{ partner_code: string | null; partner_feed_at: Date | null; locked: boolean[] }>(sql`
        SELECT ph.partner_code, ph.partner_feed_at, array_agg(pp.is_yarpa_locked ORDER BY pp.id) AS locked
        FROM pharm.pharmacies ph JOIN pharm.pharm_products pp ON pp.pharm_id = ph.id WHERE ph.slug = ${data.slug('b')} GROUP BY ph.id`)).rows[0];

      expect(await seedPharm(synced(true), TEST_ENV, { prune: false })).toMatchObject({ changedPharmacies: 1, updated: 1 });
      expect(await stored()).toEqual({ partner_code: partnerCode, partner_feed_at: null, locked: [true] });
      expect(await seedPharm(synced(true), TEST_ENV, { prune: false })).toMatchObject({ changedPharmacies: 0, updated: 0 });

      expect(await seedPharm(synced(false), TEST_ENV, { prune: false })).toMatchObject({ changedPharmacies: 1, updated: 1 });
      expect(await stored()).toEqual({ partner_code: null, partner_feed_at: null, locked: [false] });
    });

    it('applies what changed in the file', async () => {
      const changed = file(undefined as never);
      changed.pharmacies[0].offers[0].price = 19000;
      changed.pharmacies[0].offers.pop();
      changed.pharmacies[1].openingHours = { ...REGULAR_HOURS, 6: [{ opensAt: '20:00', closesAt: '23:00' }] };
      const report = await seedPharm(changed, TEST_ENV, { prune: false });
      expect(report).toMatchObject({ changedPharmacies: 1, inserted: 0, updated: 1, removed: 1 });
      // The seed ran in its own process context: this copy of the service sees it from the change feed
      // (at its commit's signal, at the latest after OFFER_INDEX_POLL_MS), not at once.
      const saturdaySlugs = async () => (await service.app().get(PharmsReader).list({ ...parsePharmListQuery({ openInSaturday: '1' }), tag: data.tag })).pharms.map((p) => p.slug);
      const slugs = await waitFor('the directory to refresh with one pharmacy open on Saturday', saturdaySlugs, {
        until: (s) => s.length === 1, timeoutMs: OFFER_INDEX_POLL_MS + 1000, intervalMs: 100,
      });
      expect(slugs).toEqual([data.slug('b')]);
    });
  });
});
