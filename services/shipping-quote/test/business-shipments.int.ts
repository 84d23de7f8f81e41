import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BusinessMessages, Messages, Subjects,
  type BusinessShipment, type Location, type ShipmentCreateCommand, type ShippingQuoteRequest,
} from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { rpc, rpcUntyped, TestIdentity, useService } from '@mc/kit/testing';
import { eq, like, sql } from 'drizzle-orm';
import { shipments } from '../src/db/schema';
import { LocationsService } from '../src/locations/locations.service';
import { shippingQuoteService } from '../src/service';

const ILS = 100;

describe('the back office’s shipments (shipping-quote.business.*)', () => {
  const service = useService(shippingQuoteService);
  const identity = new TestIdentity();
  // Pharmacies of this run only (the test database outlives runs).
  const run = `sb-${Date.now().toString(36)}`;
  const mine = `${run}-mine`;
  const other = `${run}-other`;
  const company = `${run}-company`;
  const ids: Record<string, number> = {};

  const owner = () => identity.token({ sub: '9000201', role: 'business_owner', biz: [`pharmacy:${mine}`] });
  const otherOwner = () => identity.token({ sub: '9000202', role: 'business_owner', biz: [`pharmacy:${other}`] });
  const companyStaff = () => identity.token({ sub: '9000203', role: 'business_owner', biz: [`company:${company}`] });
  const admin = () => identity.token({ sub: '9000204', role: 'admin' });
  const patient = () => identity.token({ sub: '9000205', role: 'user' });

  const form = (overrides: Partial<ShipmentCreateCommand> = {}): ShipmentCreateCommand => ({
    businessId: mine,
    name: 'תל אביב והמרכז',
    published: true,
    addresses: [{ locationId: ids.telAviv }, { locationId: ids.center }],
    pricings: [
      { quantityType: 'min-total-price', quantity: 0, amountType: 'fixed', amount: 29.9 },
      { quantityType: 'min-items-count', quantity: 3, amountType: 'fixed', amount: 0 },
    ],
    ...overrides,
  });
  const create = (body: unknown, caller = owner()) => rpcUntyped<{ shipment: BusinessShipment }>(service.nc(), Subjects.shippingQuote.businessShipmentCreate, body, { caller });
  const quote = (pharmSlug: string, address: string, total: number, items = 1) =>
    rpc(service.nc(), Subjects.shippingQuote.quote, {
      address: { address, houseNumber: '1' },
      pharms: [{ pharmSlug, pickup: false, totalPrice: total * ILS, itemsCount: items }],
    } as ShippingQuoteRequest).then((r) => r.quotes[0]);

  beforeAll(async () => {
    await identity.serveKeys(service.nc());
    const locations = service.app().get(LocationsService);
    await locations.seedTree();
    const all: Location[] = await locations.list();
    const find = (type: Location['type'], text: string) => all.find((l) => l.type === type && l.displayText === text)!.id;
    Object.assign(ids, {
      telAviv: find('city', 'תל אביב-יפו'), haifa: find('city', 'חיפה'), center: find('district', 'המרכז'), israel: find('country', 'ישראל'),
    });
    await service.app().get<Database>(DATABASE).delete(shipments).where(like(shipments.pharmSlug, 'sb-%'));
  });

  afterAll(() => {
    identity.stop();
  });

  it('creates a shipment in shekels, stores agorot with each row’s type, and gives it back with its areas by name', async () => {
    const { shipment } = await create(form());
    expect(shipment).toEqual({
      id: expect.any(Number),
      name: 'תל אביב והמרכז',
      published: true,
      addresses: [
        { locationId: ids.telAviv, location: { id: ids.telAviv, displayText: 'תל אביב-יפו', type: 'city' } },
        { locationId: ids.center, location: { id: ids.center, displayText: 'המרכז', type: 'district' } },
      ],
      pricings: [
        { quantityType: 'min-total-price', quantity: 0, amountType: 'fixed', amount: 29.9 },
        { quantityType: 'min-items-count', quantity: 3, amountType: 'fixed', amount: 0 },
      ],
    });
    const [row] = await service.app().get<Database>(DATABASE).select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row).toMatchObject({
      pharmSlug: mine, quantityType: 'min-total-price', locationIds: [ids.telAviv, ids.center],
      pricings: [{ quantityType: 'min-total-price', quantity: 0, amount: 2990 }, { quantityType: 'min-items-count', quantity: 3, amount: 0 }],
    });
    await expect(rpc(service.nc(), Subjects.shippingQuote.businessShipmentGet, { businessId: mine, id: shipment.id }, { caller: owner() }))
      .resolves.toEqual({ shipment });
  });

  it('lists the pharmacy’s own shipments, newest first, paged by the server, published or not', async () => {
    await create(form({ name: 'טיוטה', published: false, addresses: [{ locationId: ids.haifa }] }));
    await create(form({ businessId: other, name: 'של אחר' }), otherOwner());
    const page = await rpc(service.nc(), Subjects.shippingQuote.businessShipments, { businessId: mine }, { caller: owner() });
    expect(page).toMatchObject({ total: 2, perPage: 20, currentPage: 1 });
    expect(page.shipments.map((s) => [s.name, s.published])).toEqual([['טיוטה', false], ['תל אביב והמרכז', true]]);
    const second = await rpcUntyped(service.nc(), Subjects.shippingQuote.businessShipments, { businessId: mine, page: '2' }, { caller: owner() });
    expect(second).toMatchObject({ shipments: [], total: 2, currentPage: 2 });
  });

  it('replaces a shipment on update, and the next quote prices it as changed; removes it, and the next quote has none', async () => {
    const { shipment } = await create(form({ name: 'חיפה', addresses: [{ locationId: ids.haifa }], pricings: [{ quantityType: 'min-total-price', quantity: 0, amountType: 'fixed', amount: 25 }] }));
    const HAIFA = 'שדרות מוריה 98, חיפה';
    expect(await quote(mine, HAIFA, 100)).toMatchObject({ status: 'matched', price: 25 * ILS, shipmentId: shipment.id });

    const updated = await rpc(service.nc(), Subjects.shippingQuote.businessShipmentUpdate, {
      ...form({ name: 'חיפה והצפון', addresses: [{ locationId: ids.haifa }, { locationId: ids.haifa }] }),
      pricings: [{ quantityType: 'min-total-price', quantity: 150, amountType: 'fixed', amount: 12.5 }, { quantityType: 'min-items-count', quantity: 2, amountType: 'fixed', amount: 0 }],
      id: shipment.id,
    }, { caller: owner() });
    expect(updated.shipment).toMatchObject({ id: shipment.id, name: 'חיפה והצפון', addresses: [{ locationId: ids.haifa }] });
    expect(await quote(mine, HAIFA, 100)).toMatchObject({ status: 'rejected', rejectCode: 'ShippingMinPricing', minPricing: { quantityType: 'min-total-price', quantity: 150 * ILS } });
    expect(await quote(mine, HAIFA, 150)).toMatchObject({ status: 'matched', price: 12.5 * ILS });
    expect(await quote(mine, HAIFA, 10, 2)).toMatchObject({ status: 'matched', price: 0 });

    await rpc(service.nc(), Subjects.shippingQuote.businessShipmentUpdate, { ...updated.shipment, businessId: mine, published: false, addresses: [{ locationId: ids.haifa }] }, { caller: owner() });
    expect(await quote(mine, HAIFA, 1000)).toMatchObject({ status: 'rejected', rejectCode: 'ShipmentNoMatch' });

    await expect(rpc(service.nc(), Subjects.shippingQuote.businessShipmentRemove, { businessId: mine, id: shipment.id }, { caller: owner() })).resolves.toEqual({ ok: true });
    await expect(rpc(service.nc(), Subjects.shippingQuote.businessShipmentGet, { businessId: mine, id: shipment.id }, { caller: owner() }))
      .rejects.toMatchObject({ status: 404, message: BusinessMessages.shipmentNotFound });
    await expect(rpc(service.nc(), Subjects.shippingQuote.businessShipmentRemove, { businessId: mine, id: shipment.id }, { caller: owner() }))
      .rejects.toMatchObject({ status: 404, message: BusinessMessages.shipmentNotFound });
  });

  it('refuses bad input with the spec’s Hebrew (400), never a 500', async () => {
    const refused = (body: unknown) => create(body).then(() => undefined, (err: { status: number; message: string }) => [err.status, err.message]);
    expect(await refused(form({ name: '  ' }))).toEqual([400, BusinessMessages.shipmentNameRequired]);
    expect(await refused(form({ addresses: [] }))).toEqual([400, BusinessMessages.required]);
    expect(await refused(form({ pricings: [] }))).toEqual([400, BusinessMessages.required]);
    expect(await refused({ ...form(), pricings: [{ quantityType: 'min-total-price', amountType: 'fixed', amount: 10 }] })).toEqual([400, BusinessMessages.required]);
    expect(await refused({ ...form(), pricings: [{ quantityType: 'min-total-price', quantity: '', amountType: 'fixed', amount: 10 }] })).toEqual([400, BusinessMessages.required]);
    expect(await refused({ ...form(), pricings: [{ quantityType: 'by-weight', quantity: 1, amountType: 'fixed', amount: 10 }] })).toEqual([400, BusinessMessages.required]);
    expect(await refused({ ...form(), pricings: [{ quantityType: 'min-total-price', quantity: 1, amountType: 'fixed', amount: -1 }] })).toEqual([400, BusinessMessages.required]);
    expect(await refused({ ...form(), pricings: [{ quantityType: 'min-total-price', quantity: 1, amountType: 'fixed', amount: 1.234 }] })).toEqual([400, BusinessMessages.required]);
    expect(await refused(form({ addresses: [{ locationId: 2_000_000_000 }] }))).toEqual([400, Messages.locationNotFound]);
    expect(await refused({ ...form(), addresses: 'all' })).toEqual([400, BusinessMessages.required]);
    expect(await refused({ ...form(), published: 'yes' })).toEqual([400, Messages.badRequest]);
    await expect(rpcUntyped(service.nc(), Subjects.shippingQuote.businessShipmentGet, { businessId: mine, id: 'x' }, { caller: owner() }))
      .rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
    await expect(rpcUntyped(service.nc(), Subjects.shippingQuote.businessShipments, { businessId: mine, page: 0 }, { caller: owner() }))
      .rejects.toMatchObject({ status: 400 });
  });

  it('answers 401 anonymous, 403 a patient, 404 another pharmacy’s owner (and another pharmacy’s shipment), 404 a business that is not a pharmacy, 200 an admin', async () => {
    const list = (businessId: string, caller?: string) => rpc(service.nc(), Subjects.shippingQuote.businessShipments, { businessId }, caller ? { caller } : {});
    await expect(list(mine)).rejects.toMatchObject({ status: 401 });
    await expect(list(mine, patient())).rejects.toMatchObject({ status: 403 });
    await expect(list(mine, otherOwner())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
    await expect(create(form(), otherOwner())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
    // A member of a business that is not a pharmacy (a cannabis company). An admin naming one is refused by the gateway,
    // which asks pharm first (gateway/test/business-authz.e2e.ts, business-shipments.e2e.ts).
    await expect(list(company, companyStaff())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
    await expect(create(form({ businessId: company }), companyStaff())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
    expect(await service.app().get<Database>(DATABASE).select().from(shipments).where(eq(shipments.pharmSlug, company))).toEqual([]);

    const asAdmin = await list(mine, admin());
    expect(asAdmin.total).toBe(2);
    // Another pharmacy's shipment by id, through one's own business: not found, untouched.
    const { shipments: theirs } = await list(other, otherOwner());
    const theirId = theirs[0].id;
    for (const subject of [Subjects.shippingQuote.businessShipmentGet, Subjects.shippingQuote.businessShipmentRemove] as const) {
      await expect(rpc(service.nc(), subject, { businessId: mine, id: theirId }, { caller: owner() })).rejects.toMatchObject({ status: 404, message: BusinessMessages.shipmentNotFound });
    }
    await expect(rpc(service.nc(), Subjects.shippingQuote.businessShipmentUpdate, { ...form(), id: theirId }, { caller: owner() }))
      .rejects.toMatchObject({ status: 404, message: BusinessMessages.shipmentNotFound });
    expect((await list(other, otherOwner())).shipments[0]).toEqual(theirs[0]);
  });

  it('migration 0005 gives each stored row the shipment’s type, and leaves typed rows and non-lists alone', async () => {
    const db = service.app().get<Database>(DATABASE);
    const [legacy] = await db.insert(shipments).values({ pharmSlug: `${run}-legacy`, quantityType: 'min-items-count', pricings: [{ quantity: 2, amount: 1000 }, { quantity: 5, amount: 0 }], locationIds: [ids.israel] }).returning();
    const [typed] = await db.insert(shipments).values({ pharmSlug: `${run}-legacy`, quantityType: 'min-items-count', pricings: [{ quantityType: 'min-total-price', quantity: 0, amount: 500 }, { quantity: 3, amount: 0 }], locationIds: [ids.israel] }).returning();
    const [odd] = await db.insert(shipments).values({ pharmSlug: `${run}-legacy`, quantityType: 'min-total-price', pricings: { quantity: 0 } as never, locationIds: [ids.israel] }).returning();
    const migration = readFileSync(join(__dirname, '../src/migrations/0005_shipment_pricing_row_types.sql'), 'utf8');
    await db.execute(sql.raw(migration.replace(/WHERE jsonb_typeof/, `WHERE s.pharm_slug = '${run}-legacy' AND jsonb_typeof`)));
    const after = new Map((await db.select().from(shipments).where(eq(shipments.pharmSlug, `${run}-legacy`))).map((r) => [r.id, r.pricings]));
    expect(after.get(legacy.id)).toEqual([{ quantityType: 'min-items-count', quantity: 2, amount: 1000 }, { quantityType: 'min-items-count', quantity: 5, amount: 0 }]);
    expect(after.get(typed.id)).toEqual([{ quantityType: 'min-total-price', quantity: 0, amount: 500 }, { quantityType: 'min-items-count', quantity: 3, amount: 0 }]);
    expect(after.get(odd.id)).toEqual({ quantity: 0 });
    await db.delete(shipments).where(eq(shipments.pharmSlug, `${run}-legacy`));
  });
});
