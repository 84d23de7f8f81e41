import { ErrorCodes, Subjects, type Location, type ShippingQuoteRequest, type ShippingQuoteResponse } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { rpc, rpcUntyped, useService } from '@mc/kit/testing';
import { eq, like } from 'drizzle-orm';
import { shipments } from '../src/db/schema';
import { LocationsService } from '../src/locations/locations.service';
import { ShipmentsService, type NewShipment } from '../src/shipments/shipments.service';
import { shippingQuoteService } from '../src/service';

const ILS = 100;

describe('shipping quote: each pharmacy of a cart, delivered to an address or picked up', () => {
  const service = useService(shippingQuoteService);
  // Pharmacies of this run only (the test database outlives runs; each run first drops the earlier runs' shipments).
  const run = `qt-${Date.now().toString(36)}`;
  const slug = (name: string) => `${run}-${name}`;
  const ids: Record<string, number> = {};
  const shipmentIds: Record<string, number> = {};

  const TEL_AVIV = 'דיזנגוף 50, תל אביב-יפו';
  const HOLON = 'סוקולוב 10, חולון';
  const HAIFA = 'שדרות מוריה 98, חיפה, ישראל';
  const ELAD = 'רבי עקיבא 3, אלעד';

  const quote = (address: string | undefined, pharms: { name: string; pickup?: boolean; total?: number; items?: number }[]) =>
    rpc(service.nc(), Subjects.shippingQuote.quote, {
      ...(address ? { address: { address, houseNumber: address.match(/\d+/)?.[0] ?? '' } } : {}),
      pharms: pharms.map((p) => ({ pharmSlug: slug(p.name), pickup: p.pickup ?? false, totalPrice: (p.total ?? 100) * ILS, itemsCount: p.items ?? 1 })),
    } as ShippingQuoteRequest);
  const one = async (address: string | undefined, pharm: { name: string; pickup?: boolean; total?: number; items?: number }) =>
    (await quote(address, [pharm])).quotes[0];

  beforeAll(async () => {
    const locations = service.app().get(LocationsService);
    await locations.seedTree();
    const all: Location[] = await locations.list();
    const find = (type: Location['type'], text: string) => all.find((l) => l.type === type && l.displayText === text)!.id;
    Object.assign(ids, {
      telAviv: find('city', 'תל אביב-יפו'), telAvivDistrict: find('district', 'תל אביב'), haifaDistrict: find('district', 'חיפה'),
      center: find('district', 'המרכז'), israel: find('country', 'ישראל'),
    });
    const db = service.app().get<Database>(DATABASE);
    await db.delete(shipments).where(like(shipments.pharmSlug, 'qt-%'));
    const writer = service.app().get(ShipmentsService);
    const put = async (name: string, rows: Omit<NewShipment, 'pharmSlug'>[]) => {
      await writer.replaceForPharm(slug(name), rows);
      const saved = await db.select({ id: shipments.id, name: shipments.name }).from(shipments).where(eq(shipments.pharmSlug, slug(name)));
      for (const row of saved) shipmentIds[`${name}/${row.name}`] = row.id;
    };
    // Free in its city, [0 → 30 ₪, 300 ₪ → free] in the rest of its district.
    await put('city', [
      { name: 'city', pricings: [{ quantityType: 'min-total-price', quantity: 0, amount: 0 }], locationIds: [ids.telAviv] },
      { name: 'district', pricings: [{ quantityType: 'min-total-price', quantity: 0, amount: 30 * ILS }, { quantityType: 'min-total-price', quantity: 300 * ILS, amount: 0 }], locationIds: [ids.telAvivDistrict] },
    ]);
    // The whole country from 200 ₪ (35 ₪), free from 800 ₪.
    await put('country', [{ name: 'country', pricings: [{ quantityType: 'min-total-price', quantity: 200 * ILS, amount: 35 * ILS }, { quantityType: 'min-total-price', quantity: 800 * ILS, amount: 0 }], locationIds: [ids.israel] }]);
    // The whole country from 2 items (40 ₪), free from 4.
    await put('items', [{ name: 'items', pricings: [{ quantityType: 'min-items-count', quantity: 2, amount: 40 * ILS }, { quantityType: 'min-items-count', quantity: 4, amount: 0 }], locationIds: [ids.israel] }]);
    // Haifa's district only.
    await put('haifa', [{ name: 'haifa', pricings: [{ quantityType: 'min-total-price', quantity: 0, amount: 25 * ILS }], locationIds: [ids.haifaDistrict] }]);
    // The centre's district (Elad is a town of the gazetteer that the demo localities do not list).
    await put('center', [{ name: 'center', pricings: [{ quantityType: 'min-total-price', quantity: 0, amount: 15 * ILS }], locationIds: [ids.center] }]);
    // Tel Aviv, unpublished (the owner's draft).
    await put('draft', [{ name: 'draft', published: false, pricings: [{ quantityType: 'min-total-price', quantity: 0, amount: 0 }], locationIds: [ids.telAviv] }]);
    // A row the pricing cannot read (no list of pricings): that pharmacy alone answers Error.
    await put('broken', [{ name: 'broken', pricings: [{ quantityType: 'min-total-price', quantity: 0, amount: 0 }], locationIds: [ids.israel] }]);
    await db.update(shipments).set({ pricings: { quantity: 0 } as never }).where(eq(shipments.pharmSlug, slug('broken')));
    // Rows of both types in one shipment: 30 ₪ from any order, 15 ₪ from 3 items, free from 400 ₪.
    await put('mixed', [{ name: 'mixed', pricings: [
      { quantityType: 'min-total-price', quantity: 0, amount: 30 * ILS }, { quantityType: 'min-items-count', quantity: 3, amount: 15 * ILS },
      { quantityType: 'min-total-price', quantity: 400 * ILS, amount: 0 },
    ], locationIds: [ids.israel] }]);
    // A row as written before each pricing row had its own type (migration 0005 adds it; the shipment's type stands in).
    await put('legacy', [{ name: 'legacy', pricings: [{ quantityType: 'min-items-count', quantity: 2, amount: 20 * ILS }], locationIds: [ids.israel] }]);
    await db.update(shipments).set({ quantityType: 'min-items-count', pricings: [{ quantity: 2, amount: 20 * ILS }] }).where(eq(shipments.pharmSlug, slug('legacy')));
  });

  it('prices rows of different types together: the cheapest row the cart reaches, each on its own measure', async () => {
    expect(await one(HAIFA, { name: 'mixed', total: 100, items: 1 })).toMatchObject({ status: 'matched', price: 30 * ILS, shipmentId: shipmentIds['mixed/mixed'] });
    expect(await one(HAIFA, { name: 'mixed', total: 100, items: 3 })).toMatchObject({ status: 'matched', price: 15 * ILS });
    expect(await one(HAIFA, { name: 'mixed', total: 400, items: 1 })).toMatchObject({ status: 'matched', price: 0 });
  });

  it('reads a row without its own type by the shipment’s type', async () => {
    expect(await one(HAIFA, { name: 'legacy', total: 1000, items: 1 })).toMatchObject({ status: 'rejected', rejectCode: 'ShippingMinPricing', minPricing: { quantityType: 'min-items-count', quantity: 2 } });
    expect(await one(HAIFA, { name: 'legacy', total: 1, items: 2 })).toMatchObject({ status: 'matched', price: 20 * ILS });
  });

  it('matches by the city’s shipment before the district’s, free when its row says 0, and names the shipment', async () => {
    expect(await one(TEL_AVIV, { name: 'city', total: 100 })).toEqual({ pharmSlug: slug('city'), status: 'matched', price: 0, shipmentId: shipmentIds['city/city'] });
  });

  it('matches by the district for a city of it without its own shipment: 30 ₪ below 300 ₪, free from 300 ₪', async () => {
    expect(await one(HOLON, { name: 'city', total: 100 })).toEqual({ pharmSlug: slug('city'), status: 'matched', price: 30 * ILS, shipmentId: shipmentIds['city/district'] });
    expect(await one(HOLON, { name: 'city', total: 299.99 })).toMatchObject({ status: 'matched', price: 30 * ILS });
    expect(await one(HOLON, { name: 'city', total: 300 })).toEqual({ pharmSlug: slug('city'), status: 'matched', price: 0, shipmentId: shipmentIds['city/district'] });
  });

  it('matches by the country, and by a district for a town only the gazetteer lists', async () => {
    expect(await one(HAIFA, { name: 'country', total: 250 })).toEqual({ pharmSlug: slug('country'), status: 'matched', price: 35 * ILS, shipmentId: shipmentIds['country/country'] });
    expect(await one(TEL_AVIV, { name: 'country', total: 900 })).toMatchObject({ status: 'matched', price: 0 });
    expect(await one(ELAD, { name: 'center' })).toEqual({ pharmSlug: slug('center'), status: 'matched', price: 15 * ILS, shipmentId: shipmentIds['center/center'] });
  });

  it('rejects below the minimum with ShippingMinPricing and the smallest row: agorot for a total, items for a count', async () => {
    expect(await one(HAIFA, { name: 'country', total: 199.99, items: 5 })).toEqual({
      pharmSlug: slug('country'), status: 'rejected', price: 0, rejectCode: 'ShippingMinPricing', minPricing: { quantityType: 'min-total-price', quantity: 200 * ILS },
    });
    expect(await one(HAIFA, { name: 'items', total: 1000, items: 1 })).toEqual({
      pharmSlug: slug('items'), status: 'rejected', price: 0, rejectCode: 'ShippingMinPricing', minPricing: { quantityType: 'min-items-count', quantity: 2 },
    });
    // Adding products clears it.
    expect(await one(HAIFA, { name: 'items', items: 2 })).toMatchObject({ status: 'matched', price: 40 * ILS });
    expect(await one(HAIFA, { name: 'items', items: 4 })).toMatchObject({ status: 'matched', price: 0 });
  });

  it('rejects with ShipmentNoMatch where the pharmacy has no published shipment for the address', async () => {
    expect(await one(TEL_AVIV, { name: 'haifa' })).toEqual({ pharmSlug: slug('haifa'), status: 'rejected', price: 0, rejectCode: 'ShipmentNoMatch' });
    expect(await one(HAIFA, { name: 'haifa' })).toMatchObject({ status: 'matched', price: 25 * ILS });
    expect(await one(HAIFA, { name: 'city' })).toMatchObject({ status: 'rejected', rejectCode: 'ShipmentNoMatch' });
    expect(await one(TEL_AVIV, { name: 'draft' })).toMatchObject({ status: 'rejected', rejectCode: 'ShipmentNoMatch' });
    expect(await one(TEL_AVIV, { name: 'nobody' })).toMatchObject({ status: 'rejected', rejectCode: 'ShipmentNoMatch' });
    // An unpublished shipment is not shown to visitors either.
    expect(await rpc(service.nc(), Subjects.shippingQuote.shipmentListByPharm, { pharmSlug: slug('draft') })).toEqual({ shipments: [] });
  });

  it('matches pickup always, for free, whatever the address', async () => {
    expect(await one(undefined, { name: 'nobody', pickup: true })).toEqual({ pharmSlug: slug('nobody'), status: 'matched', price: 0 });
    expect(await one('אין כזה רחוב 1, אין כזאת עיר', { name: 'haifa', pickup: true })).toEqual({ pharmSlug: slug('haifa'), status: 'matched', price: 0 });
  });

  it('rejects every delivered pharmacy with AddressNotFound for an address the gazetteer lacks, and keeps pickup matched', async () => {
    for (const address of ['אין כזה רחוב 1, תל אביב-יפו', 'דיזנגוף 50, אין כזאת עיר', 'דיזנגוף 50 תל אביב']) {
      const { quotes } = await quote(address, [{ name: 'country', total: 900 }, { name: 'city', pickup: true }, { name: 'items', items: 4 }]);
      expect({ address, quotes }).toEqual({ address, quotes: [
        { pharmSlug: slug('country'), status: 'rejected', price: 0, rejectCode: 'AddressNotFound' },
        { pharmSlug: slug('city'), status: 'matched', price: 0 },
        { pharmSlug: slug('items'), status: 'rejected', price: 0, rejectCode: 'AddressNotFound' },
      ] });
    }
  });

  it('finds an address in other spellings of its city and street', async () => {
    expect(await one('דיזינגוף 50, תל אביב', { name: 'city' })).toMatchObject({ status: 'matched', price: 0, shipmentId: shipmentIds['city/city'] });
    expect(await one('רוטשילד 1, ת״א', { name: 'city' })).toMatchObject({ status: 'matched', price: 0 });
  });

  it('answers Error for the pharmacy whose shipment fails, and the others as usual, in the request’s order', async () => {
    const { quotes } = await quote(HOLON, [{ name: 'broken' }, { name: 'city', total: 300 }, { name: 'haifa' }, { name: 'draft', pickup: true }]);
    expect(quotes).toEqual([
      { pharmSlug: slug('broken'), status: 'rejected', price: 0, rejectCode: 'Error' },
      { pharmSlug: slug('city'), status: 'matched', price: 0, shipmentId: shipmentIds['city/district'] },
      { pharmSlug: slug('haifa'), status: 'rejected', price: 0, rejectCode: 'ShipmentNoMatch' },
      { pharmSlug: slug('draft'), status: 'matched', price: 0 },
    ]);
  });

  it('answers 400 for bad input, and for a delivery without an address', async () => {
    const good = { pharmSlug: slug('city'), pickup: false, totalPrice: 100, itemsCount: 1 };
    const address = { address: TEL_AVIV, houseNumber: '50' };
    const bad: unknown[] = [
      {},
      { pharms: 'x' },
      { pharms: [{ ...good, totalPrice: -1 }], address },
      { pharms: [{ ...good, itemsCount: 1.5 }], address },
      { pharms: [{ ...good, pickup: 'no' }], address },
      { pharms: [{ ...good, pharmSlug: 'x'.repeat(201) }], address },
      { pharms: [good], address: { address: TEL_AVIV } },
      { pharms: [good], address: 'דיזנגוף 50, תל אביב-יפו' },
      { pharms: [good] },
    ];
    for (const payload of bad) {
      await expect(rpcUntyped(service.nc(), Subjects.shippingQuote.quote, payload)).rejects.toMatchObject({ status: 400, code: expect.stringMatching(`^(${ErrorCodes.validation}|${ErrorCodes.badRequest})$`) });
    }
    const empty: ShippingQuoteResponse = await rpc(service.nc(), Subjects.shippingQuote.quote, { pharms: [] } as ShippingQuoteRequest);
    expect(empty).toEqual({ quotes: [] });
  });
});
