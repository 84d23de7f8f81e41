import { distanceKm, Messages, parsePharmListQuery, PER_PAGE, roundKm, Subjects, type PharmListQuery, type PharmListResponse } from '@mc/contracts';
import { rpc, rpcUntyped } from '@mc/kit/testing';
import { PharmsReader } from '../src/pharms/pharms.reader';
import { ISRAEL_WINTER as T, NIGHT_HOURS, productEvent, REGULAR_HOURS, SATURDAY_HOURS, usePharm } from './support';

const TEL_AVIV = { lat: 32.0853, lng: 34.7818 };
const HAIFA = { lat: 32.794, lng: 34.9896 };
const RAMAT_GAN = { lat: 32.0684, lng: 34.8248 };

describe('pharmacies: list, page, slides', () => {
  const service = usePharm('pt-ph');
  const { data } = service;
  const reader = () => service.app().get(PharmsReader);
  /** A list query as the gateway parses it from no parameters, with `query`'s values. */
  const listQuery = (query: Partial<PharmListQuery> = {}): PharmListQuery => ({ ...parsePharmListQuery({}), ...query });
  const list = async (query: Partial<PharmListQuery>) => reader().list(listQuery({ tag: data.tag, ...query }));
  const slugs = (res: PharmListResponse) => res.pharms.map((p) => p.slug.replace(`${data.prefix}-`, ''));

  beforeAll(async () => {
    data.setNow(T.mondayNoon);
    const tagged = await data.product('tagged', { tags: [{ slug: data.slug('sativa'), name: 'סאטיבה' }] });
    const plain = await data.product('plain');
    const doomed = await data.product('doomed');

    await data.pharmacy('center', {
      name: 'פארם הַשָּׁלוֹם', address: 'אבן גבירול 64', ...TEL_AVIV, shipping: 'free', popularity: 50,
      tags: [{ slug: data.slug('accessible'), name: 'נגיש' }],
      slides: [
        { placement: 2, type: 'image', template: 'banner', templateData: { title: 'מלאי מתעדכן' }, query: null, pharmProductIds: null, imageUrl: '/media/pharms/pt-ph-center.slide-2.svg' },
        { placement: 1, type: 'pharmProductsQuery', template: 'products-carousel', templateData: { title: 'הנמכרים' }, query: { sortBy: 'price', limit: 5 }, pharmProductIds: null, imageUrl: null },
      ],
      announcements: [
        { content: 'פעילה', startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: null },
        { content: 'הסתיימה', startsAt: new Date('2026-10-01T00:00:00Z'), endsAt: new Date('2026-11-20T00:00:00Z') },
        { content: 'עתידית', startsAt: new Date('2026-12-01T00:00:00Z'), endsAt: null },
        { content: 'עד סוף השנה', startsAt: new Date('2026-11-10T00:00:00Z'), endsAt: new Date('2026-12-31T00:00:00Z') },
      ],
    });
    await data.pharmacy('night', {
      name: 'מרקחת הים', city: 'חיפה', district: 'חיפה', ...HAIFA, openingHours: NIGHT_HOURS, shipping: 'paid', popularity: 10,
    });
    await data.pharmacy('saturday', {
      name: 'אילת מרפא', city: 'אילת', district: 'הדרום', lat: 29.5577, lng: 34.9519, openingHours: SATURDAY_HOURS, shipping: 'free-all-country', popularity: 30,
    });
    await data.pharmacy('stock-only', {
      name: 'גן הבריאות', city: 'רמת גן', ...RAMAT_GAN, isStockOnly: true, isOnboard: false, popularity: 20,
    });
    await data.pharmacy('jerusalem', {
      name: 'בריאות ירושלים', city: 'ירושלים', district: 'ירושלים', lat: 31.7683, lng: 35.2137, popularity: 100,
    });
    const centerOffers = await data.offers(data.slug('center'), [{ productSlug: plain, price: 20000 }, { productSlug: tagged, price: 30000, inStock: false }]);
    await data.offers(data.slug('night'), [{ productSlug: tagged, price: 21000 }]);
    await data.offers(data.slug('saturday'), [{ productSlug: plain, price: 22000 }]);
    await data.offers(data.slug('stock-only'), [{ productSlug: plain, price: 19000, inStock: false }, { productSlug: tagged, price: 19000, published: false }]);
    await data.offers(data.slug('jerusalem'), [{ productSlug: doomed, price: 18000 }]);
    await data.applyProduct(productEvent(doomed), true);
    expect(centerOffers.size).toBe(2);
  });

  describe('the list', () => {
    it('pages 20 at a time, open first, then the more popular without a location', async () => {
      const res = await list({});
      expect(res).toMatchObject({ total: 5, perPage: PER_PAGE.pharms, currentPage: 1, filtersData: { distances: [] } });
      // Monday 12:00 in Israel: all but the night pharmacy are open.
      expect(slugs(res)).toEqual(['jerusalem', 'center', 'saturday', 'stock-only', 'night']);
      expect(res.pharms.map((p) => p.isOpen)).toEqual([true, true, true, true, false]);
      expect(res.pharms[1]).toMatchObject({
        name: 'פארם הַשָּׁלוֹם', city: 'תל אביב-יפו', shipping: 'free', distance: null, openingHours: REGULAR_HOURS,
        tags: expect.arrayContaining([{ slug: data.slug('accessible'), name: 'נגיש' }]),
      });
    });

    it('answers a page past the end with no pharmacies and the right total', async () => {
      const res = await list({ page: 2 });
      expect(res).toMatchObject({ pharms: [], total: 5, currentPage: 2 });
    });

    it('puts firstPharmSlugs first, in their order', async () => {
      const res = await list({ firstPharmSlugs: [data.slug('night'), data.slug('stock-only'), 'not-a-pharmacy'] });
      expect(slugs(res).slice(0, 2)).toEqual(['night', 'stock-only']);
      expect(res.total).toBe(5);
    });

    it('filters by open now in Israel time, across midnight and on Friday and Saturday', async () => {
      const openAt = async (iso: string) => { data.setNow(iso); return slugs(await list({ open: true })).sort(); };
      expect(await openAt(T.mondayNoon)).toEqual(['center', 'jerusalem', 'saturday', 'stock-only']);
      expect(await openAt(T.mondayAfternoonBreak)).toEqual(['saturday']);
      expect(await openAt(T.mondayNight)).toEqual(['night']);
      expect(await openAt(T.tuesdayAfterMidnight)).toEqual(['night']);
      expect(await openAt(T.tuesdayLateNight)).toEqual([]);
      expect(await openAt(T.fridayAfterMidnight)).toEqual(['night']);
      expect(await openAt(T.fridayNoon)).toEqual(['center', 'jerusalem', 'night', 'saturday', 'stock-only']);
      expect(await openAt(T.fridayAfternoon)).toEqual([]);
      expect(await openAt(T.saturdayAfterMidnight)).toEqual([]);
      expect(await openAt(T.saturdayNoon)).toEqual(['saturday']);
      expect(await openAt(T.saturdayAfternoon)).toEqual([]);
      // Summer time (UTC+3): 13:30 UTC is 16:30 in Israel, after the afternoon break; in winter it is 15:30, in it.
      expect(await openAt('2026-07-13T13:30:00Z')).toContain('center');
      expect(await openAt('2026-11-23T13:30:00Z')).not.toContain('center');
      data.setNow(T.mondayNoon);
    });

    it('filters by opening on Saturday', async () => {
      expect(slugs(await list({ openInSaturday: true }))).toEqual(['saturday']);
    });

    it('filters by area: a district or a city', async () => {
      expect(slugs(await list({ area: { type: 'district', name: 'חיפה' } }))).toEqual(['night']);
      expect(slugs(await list({ area: { type: 'city', name: 'אילת' } }))).toEqual(['saturday']);
      expect(slugs(await list({ area: { type: 'district', name: 'תל אביב' } })).sort()).toEqual(['center', 'stock-only']);
    });

    it('filters by delivery: free, or any', async () => {
      expect(slugs(await list({ delivery: 'free' })).sort()).toEqual(['center', 'saturday']);
      expect(slugs(await list({ delivery: 'yes' })).sort()).toEqual(['center', 'night', 'saturday']);
    });

    it('filters by distance from the caller, nearest first, and counts the distances facet without that filter', async () => {
      const res = await list({ location: TEL_AVIV, distance: 5 });
      expect(slugs(res)).toEqual(['center', 'stock-only']);
      expect(res.pharms.map((p) => p.distance)).toEqual([0, roundKm(distanceKm(TEL_AVIV, RAMAT_GAN))]);
      expect(res.filtersData.distances).toEqual([
        { value: '2', count: 1 }, { value: '5', count: 2 }, { value: '10', count: 2 }, { value: '20', count: 2 }, { value: '50', count: 2 },
      ]);
      const all = await list({ location: TEL_AVIV });
      expect(slugs(all)).toEqual(['center', 'stock-only', 'jerusalem', 'saturday', 'night']);
      // The facet follows the other filters: at 23:30 only the Haifa night pharmacy is open, 81 km away.
      data.setNow(T.mondayNight);
      const late = await list({ location: TEL_AVIV, open: true });
      expect(late.filtersData.distances!.every((d) => d.count === 0)).toBe(true);
      expect(late.pharms[0].distance).toBeCloseTo(81.3, 0);
      data.setNow(T.mondayNoon);
    });

    it('keeps only pharmacies selling something now (published, in stock, product still listed)', async () => {
      expect(slugs(await list({ hasPharmProducts: true })).sort()).toEqual(['center', 'night', 'saturday']);
    });

    it('filters by a pharmacy tag, or a catalogue tag of a product the pharmacy sells', async () => {
      expect(slugs(await reader().list(listQuery({ tag: data.slug('accessible') })))).toEqual(['center']);
      // 'center' has the tagged product out of stock and 'stock-only' unpublished: only 'night' sells it.
      expect(slugs(await reader().list(listQuery({ tag: data.slug('sativa') })))).toEqual(['night']);
      expect((await reader().list(listQuery({ tag: data.slug('no-such-tag') }))).total).toBe(0);
    });

    it('searches names, cities and addresses the way people type Hebrew', async () => {
      const search = async (term: string) => slugs(await list({ search: term })).sort();
      expect(await search('השלום')).toEqual(['center']); // the name carries niqqud
      expect(await search('פארם השלם')).toEqual(['center']); // defective spelling
      expect(await search('השלופ')).toEqual(['center']); // a typo
      expect(await search('מרקחת הימ')).toEqual(['night']); // no final letter
      expect(await search('חיפה')).toEqual(['night']); // the city
      expect(await search('אבן-גבירול')).toEqual(['center']); // the address, with a dash
      expect(await search('זזזזזז')).toEqual([]);
    });

    it('answers over the bus a query as the gateway parses it (values outside the allowed sets and bad numbers ignored there), 400 for one it did not', async () => {
      const raw = { page: '-3', open: 'maybe', delivery: 'teleport', distance: 'far', lat: 'x', lng: '200', firstPharmSlugs: 'x,,Y' };
      const res = await rpc(service.nc(), Subjects.pharm.pharmList, { ...parsePharmListQuery(raw), tag: data.tag });
      expect(res).toMatchObject({ total: 5, currentPage: 1 });
      expect(res.pharms.map((p) => p.slug).sort()).toEqual(['center', 'jerusalem', 'night', 'saturday', 'stock-only'].map((s) => data.slug(s)).sort());
      const unparsed = { tag: data.tag, page: -3, open: 'maybe', delivery: 'teleport', distance: 'far', location: { lat: 'x', lng: 200 }, firstPharmSlugs: 'x,,Y', area: 'north' };
      for (const bad of [unparsed, { ...listQuery(), area: { type: 'country', name: 'ישראל' } }, { ...listQuery(), tag: 'Bad Tag' }, 'not an object']) {
        await expect(rpcUntyped(service.nc(), Subjects.pharm.pharmList, bad)).rejects.toMatchObject({ status: 400 });
      }
    });
  });

  describe('one pharmacy', () => {
    it('answers the pharmacy with its distance and only the announcements showing now', async () => {
      const res = await rpc(service.nc(), Subjects.pharm.pharmGet, { slug: data.slug('center'), location: HAIFA });
      expect(res.pharm).toMatchObject({ slug: data.slug('center'), address: 'אבן גבירול 64', phoneNumber: '03-5550000', whatsappNumber: '050-5550000' });
      expect(res.pharm.distance).toBeCloseTo(81.3, 0);
      data.setNow(T.mondayNoon);
      const now = await reader().get({ slug: data.slug('center') });
      expect(now.announcements.map((a) => a.content)).toEqual(['עד סוף השנה', 'פעילה']);
      expect(now.pharm.distance).toBeNull();
    });

    it('answers 404 for an unknown or malformed pharmacy slug, 400 for a slug that is not text', async () => {
      for (const slug of ['no-such-pharmacy', 'Bad Slug!']) {
        await expect(rpc(service.nc(), Subjects.pharm.pharmGet, { slug })).rejects.toMatchObject({ status: 404, message: Messages.pharmNotFound });
        await expect(rpc(service.nc(), Subjects.pharm.slideList, { slug })).rejects.toMatchObject({ status: 404 });
      }
      for (const slug of [42, undefined]) {
        await expect(rpcUntyped(service.nc(), Subjects.pharm.pharmGet, { slug })).rejects.toMatchObject({ status: 400 });
        await expect(rpcUntyped(service.nc(), Subjects.pharm.slideList, { slug })).rejects.toMatchObject({ status: 400 });
      }
    });

    it('answers its slides by placement, a query slide with in-stock offers of the pharmacy', async () => {
      const { slides } = await rpc(service.nc(), Subjects.pharm.slideList, { slug: data.slug('center') });
      expect(slides.map((s) => [s.placement, s.type])).toEqual([[1, 'pharmProductsQuery'], [2, 'image']]);
      expect(slides[0].pharmProducts.map((o) => o.product.slug)).toEqual([data.slug('plain')]);
      expect(slides[0].templateData).toEqual({ title: 'הנמכרים' });
      expect(slides[1]).toMatchObject({ imageUrl: '/media/pharms/pt-ph-center.slide-2.svg', pharmProducts: [] });
    });

    it('draws its logo and image slides as SVG, and answers 404 for any other file', async () => {
      const media = (file: string) => rpc(service.nc(), Subjects.pharm.mediaGet, { file });
      const logo = await media('pt-ph-center.svg');
      expect(logo.contentType).toBe('image/svg+xml');
      expect(logo.body).toMatch(/^<svg [^>]*aria-label="פארם הַשָּׁלוֹם"/);
      const slide = await media('pt-ph-center.slide-2.svg');
      expect(slide.body).toContain('מלאי מתעדכן');
      for (const file of ['pt-ph-center.slide-1.svg', 'pt-ph-center.slide-3.svg', 'no-such-pharmacy.svg', '../etc/passwd', 'pt-ph-center.png']) {
        await expect(media(file)).rejects.toMatchObject({ status: 404, message: Messages.pageNotFound });
      }
      await expect(rpcUntyped(service.nc(), Subjects.pharm.mediaGet, { file: 7 })).rejects.toMatchObject({ status: 400 });
    });
  });
});
