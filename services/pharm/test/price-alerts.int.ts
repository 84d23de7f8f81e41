import { AlertMessages, Events, israelClock, Messages, parseComparisonQuery, Subjects, type ComparisonResponse, type OfferHistory, type PriceAlert, type PriceAlertsResponse, type PriceHistory } from '@mc/contracts';
import { Clock, startService } from '@mc/kit';
import { connectNats, rpcUntyped, TestIdentity } from '@mc/kit/testing';
import type { INestMicroservice } from '@nestjs/common';
import { JSONCodec, type NatsConnection } from 'nats';
import { and, eq, gt, sql } from 'drizzle-orm';
import { AlertMatcher } from '../src/alerts/alert-matcher';
import { AlertsWorkerModule } from '../src/alerts/alerts.module';
import { AlertsService } from '../src/alerts/alerts.service';
import { israelDay } from '../src/companies/market-sql';
import { outbox, priceAlerts, priceDays } from '../src/db/schema';
import { pharmService } from '../src/service';
import { OfferStockWriter } from '../src/stock/offer-stock.writer';
import { PHARM_TEST_ENV, TestData } from './support';

const PREFIX = 'pt-al';
const MINUTE = 60_000;

/** The instant of `hhmm` Israel time, `days` days from today in Israel (whatever the clocks' offset). */
function israelAt(days: number, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  const day = new Date(Date.parse(`${israelDay(new Date())}T12:00:00Z`) + days * 24 * 3600_000).toISOString().slice(0, 10);
  let at = Date.parse(`${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`) - 2 * 3600_000;
  at -= (israelClock(new Date(at)).minute - (h * 60 + m)) * MINUTE;
  return new Date(at);
}

/**
 * Issue 31 over the bus: every writer's change is kept per offer with its source, each product's lowest price per day,
 * the comparison's drop mark, and the patients' alerts (a drop below the threshold sends once a day, the night holds it
 * until 08:00, back in stock counts only pharmacies within the distance, the signed link removes only its own alert).
 */
describe('price history and alerts (pharm)', () => {
  let app: INestMicroservice;
  let nc: NatsConnection;
  const data = new TestData(() => app, PREFIX);
  const identity = new TestIdentity();
  const owner = () => identity.token({ sub: '9000601', role: 'business_owner', biz: [`pharmacy:${data.slug('north')}`] });
  const otherOwner = () => identity.token({ sub: '9000602', role: 'business_owner', biz: [`pharmacy:${data.slug('south')}`] });
  const patient = (n: number) => identity.token({ sub: String(9000610 + n), role: 'user' });
  const call = <T>(subject: string, payload: unknown, caller?: string) => rpcUntyped<T>(nc, subject, payload, { caller });
  const ids: Record<string, Map<string, number>> = {};
  const product = () => data.slug('kush');
  /** North is in Tel Aviv; south in Beer Sheva (about 95 km away). */
  const offerOf = (pharm: 'north' | 'south') => ids[pharm].get(product())!;

  const setPrice = (pharm: 'north' | 'south', agorot: number) =>
    data.db.execute(sql`UPDATE pharm.pharm_products SET price = ${agorot}, confirmed_at = now(), updated_at = now() WHERE id = ${offerOf(pharm)}`);
  const setStock = (pharm: 'north' | 'south', inStock: boolean) =>
    data.db.execute(sql`UPDATE pharm.pharm_products SET in_stock = ${inStock}, amount = ${inStock ? 5 : 0}, confirmed_at = now() WHERE id = ${offerOf(pharm)}`);
  const match = () => app.get(AlertMatcher).run();
  const dueEvents = async (alertId: number, since: number) => (await data.db.select().from(outbox)
    .where(and(eq(outbox.subject, Events.pharm.alertDue), gt(outbox.id, since), sql`(${outbox.envelope} -> 'data' ->> 'alertId')::int = ${alertId}`)))
    .map((r) => (r.envelope as { data: { price: number; pharmacySlug: string; kind: string } }).data);
  const lastOutboxId = async () => (await data.db.select({ v: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox))[0].v;
  const subscribe = (n: number, body: Record<string, unknown>) => call<PriceAlert>(Subjects.pharm.alertCreate, { productSlug: product(), ...body }, patient(n));

  beforeAll(async () => {
    app = await startService({ ...pharmService, imports: [...pharmService.imports, AlertsWorkerModule] }, { ...PHARM_TEST_ENV, ALERT_MATCH_MS: '0' });
    nc = await connectNats();
    identity.serveKeys(nc);
    await data.cleanUp();
    await data.db.delete(priceAlerts).where(sql`${priceAlerts.productSlug} LIKE ${`${PREFIX}-%`}`);
    await data.product('kush');
    await data.pharmacy('north');
    await data.pharmacy('south', { city: 'באר שבע', lat: 31.2518, lng: 34.7913 });
    ids.north = await data.offers(data.slug('north'), [{ productSlug: product(), price: 20_000 }]);
    ids.south = await data.offers(data.slug('south'), [{ productSlug: product(), price: 21_000 }]);
    await match(); // what came before this suite is not its news
  });

  afterAll(async () => {
    try {
      await data.db.delete(priceAlerts).where(sql`${priceAlerts.productSlug} LIKE ${`${PREFIX}-%`}`);
      await data.db.delete(priceDays).where(sql`${priceDays.productSlug} LIKE ${`${PREFIX}-%`}`);
      if (app) await data.cleanUp();
    } finally {
      await nc?.close();
      await app?.close();
    }
  });

  afterEach(() => jest.restoreAllMocks());

  it('keeps every change of an offer with its writer, and answers it to the pharmacy only', async () => {
    await call(Subjects.pharm.businessProductsUpdate, {
      businessId: data.slug('north'),
      pharmProducts: [{ id: offerOf('north'), price: 195, amount: 7, alwaysInStock: false, expiresAt: null, published: true, isNewByDefault: false, isPopularByDefault: false }],
    }, owner());
    await data.db.transaction((tx) => app.get(OfferStockWriter).adjustStock(tx, [{ pharmSlug: data.slug('north'), pharmProductId: offerOf('north'), amount: 2 }], 'lower'));
    await setPrice('north', 19_000);
    const history = await call<OfferHistory>(Subjects.pharm.businessProductHistory, { businessId: data.slug('north'), id: offerOf('north') }, owner());
    expect(history.entries.slice(0, 4).map((e) => [e.source, e.price, e.amount])).toEqual([
      ['system', 190, 5], ['order', 195, 5], ['back-office', 195, 7], ['system', 200, 5],
    ]);
    await expect(call(Subjects.pharm.businessProductHistory, { businessId: data.slug('north'), id: offerOf('north') }, otherOwner())).rejects.toMatchObject({ status: 404 });
    await expect(call(Subjects.pharm.businessProductHistory, { businessId: data.slug('south'), id: offerOf('north') }, otherOwner())).rejects.toMatchObject({ status: 404 });
  });

  it("charts the day's lowest in-stock price, says when now is the period's lowest, and marks the drop on the comparison", async () => {
    const today = israelDay(new Date());
    // Yesterday's lowest was higher (as the daily snapshot would have left it).
    await data.db.insert(priceDays).values({ productSlug: product(), day: israelDay(new Date(Date.now() - 24 * 3600_000)), lowest: 22_000 }).onConflictDoNothing();
    const chart = await call<PriceHistory>(Subjects.pharm.priceHistoryGet, { slug: product(), days: '30' });
    expect(chart.points.at(-1)).toEqual({ day: today, lowest: 190 });
    expect(chart).toMatchObject({ days: 30, current: 190, periodLowest: 190, isPeriodLowest: true });
    await expect(call(Subjects.pharm.priceHistoryGet, { slug: product(), days: '7' })).rejects.toMatchObject({ status: 400, message: AlertMessages.invalidPeriod });
    await expect(call(Subjects.pharm.priceHistoryGet, { slug: data.slug('none'), days: 30 })).rejects.toMatchObject({ status: 404 });

    const rows = (await call<ComparisonResponse>(Subjects.pharm.comparisonList, parseComparisonQuery(product(), {}))).offers;
    expect(rows.find((r) => r.id === offerOf('north'))?.priceDroppedFrom).toBe(200);
    expect(rows.find((r) => r.id === offerOf('south'))).not.toHaveProperty('priceDroppedFrom');
  });

  it('keeps each patient’s own alerts: list, replace, remove; never another’s', async () => {
    const first = await subscribe(1, { kind: 'price', below: 150 });
    expect(first).toMatchObject({ kind: 'price', below: 150, near: false, sms: false, lowestNow: 190 });
    const again = await subscribe(1, { kind: 'price', below: 120, lat: 32.08, lng: 34.78, radiusKm: 10, sms: true });
    expect(again).toMatchObject({ id: first.id, below: 120, near: true, radiusKm: 10, sms: true });
    expect((await call<PriceAlertsResponse>(Subjects.pharm.alertList, {}, patient(1))).alerts.map((a) => a.id)).toEqual([first.id]);
    expect((await call<PriceAlertsResponse>(Subjects.pharm.alertList, {}, patient(2))).alerts).toEqual([]);
    await expect(call(Subjects.pharm.alertDelete, { id: first.id }, patient(2))).rejects.toMatchObject({ status: 404, message: AlertMessages.notFound });
    await expect(subscribe(1, { kind: 'price', lat: 32.08, lng: 34.78 })).rejects.toMatchObject({ status: 400, message: AlertMessages.invalidRadius });
    await expect(subscribe(1, { kind: 'sale' })).rejects.toMatchObject({ status: 400, message: AlertMessages.invalidKind });
    await expect(call(Subjects.pharm.alertList, {})).rejects.toMatchObject({ status: 401 });
    await call(Subjects.pharm.alertDelete, { id: first.id }, patient(1));
    expect((await call<PriceAlertsResponse>(Subjects.pharm.alertList, {}, patient(1))).alerts).toEqual([]);
  });

  it("takes a saved address's place from the gazetteer, and only the caller's own address", async () => {
    const codec = JSONCodec();
    const answer = (subject: string, response: unknown) => {
      const sub = nc.subscribe(subject);
      void (async () => {
        for await (const msg of sub) msg.respond(codec.encode({ id: (codec.decode(msg.data) as { id: string }).id, response, isDisposed: true }));
      })();
      return sub;
    };
    const subs = [
      answer(Subjects.identity.addressList, { addresses: [{ id: 77, address: 'הרצל, תל אביב-יפו', houseNumber: '12', floor: null, apartment: null, isDefault: true }] }),
      answer(Subjects.shippingQuote.addressSearch, { results: [{ address: 'הרצל 12, תל אביב-יפו', text: 'הרצל 12, תל אביב-יפו', street: 'הרצל', houseNumber: '12', city: 'תל אביב-יפו', lat: 32.06123, lng: 34.77045 }] }),
    ];
    try {
      const alert = await subscribe(9, { kind: 'stock', addressId: 77, radiusKm: 10 });
      expect(alert).toMatchObject({ near: true, radiusKm: 10 });
      const [row] = await data.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
      expect([row.lat, row.lng]).toEqual([32.061, 34.77]);
      await expect(subscribe(9, { kind: 'stock', addressId: 78, radiusKm: 10 })).rejects.toMatchObject({ status: 404, message: Messages.addressNotFound });
      await expect(subscribe(9, { kind: 'stock', addressId: 77 })).rejects.toMatchObject({ status: 400, message: AlertMessages.invalidRadius });
      await expect(subscribe(9, { kind: 'stock', addressId: 77, lat: 32, lng: 34.8, radiusKm: 10 })).rejects.toMatchObject({ status: 400, message: AlertMessages.invalidPlace });
    } finally {
      subs.forEach((sub) => sub.unsubscribe());
    }
  });

  it('a drop below the threshold sends one message; a second drop the same day sends none', async () => {
    const alert = await subscribe(3, { kind: 'price', below: 180 });
    const since = await lastOutboxId();
    jest.spyOn(app.get(Clock), 'now').mockReturnValue(israelAt(1, '12:00'));
    await setPrice('north', 17_500);
    expect(await match()).toMatchObject({ queued: 1, sent: 1 });
    expect(await dueEvents(alert.id, since)).toEqual([expect.objectContaining({ kind: 'price', price: 17_500, pharmacySlug: data.slug('north') })]);
    jest.spyOn(app.get(Clock), 'now').mockReturnValue(israelAt(1, '15:00'));
    await setPrice('north', 17_000);
    await match();
    expect(await dueEvents(alert.id, since)).toHaveLength(1);
  });

  it('a drop in the night is held and sent at 08:00', async () => {
    const alert = await subscribe(4, { kind: 'price' });
    const since = await lastOutboxId();
    jest.spyOn(app.get(Clock), 'now').mockReturnValue(israelAt(2, '23:30'));
    await setPrice('south', 16_000); // under north's 170: the lowest price drops
    await match();
    expect(await dueEvents(alert.id, since)).toEqual([]);
    jest.spyOn(app.get(Clock), 'now').mockReturnValue(israelAt(3, '07:59'));
    await match();
    expect(await dueEvents(alert.id, since)).toEqual([]);
    jest.spyOn(app.get(Clock), 'now').mockReturnValue(israelAt(3, '08:00'));
    await match();
    expect(await dueEvents(alert.id, since)).toEqual([expect.objectContaining({ price: 16_000, pharmacySlug: data.slug('south') })]);
  });

  it('back in stock within the distance sends; outside it does not', async () => {
    await setStock('north', false);
    await setStock('south', false);
    const near = await subscribe(5, { kind: 'stock', lat: 32.07, lng: 34.79, radiusKm: 10 });
    const far = await subscribe(6, { kind: 'stock', lat: 33.0, lng: 35.5, radiusKm: 5 });
    await match();
    const since = await lastOutboxId();
    // Within the offers' 72 hours of freshness (the clock moves, their confirmations do not).
    jest.spyOn(app.get(Clock), 'now').mockReturnValue(israelAt(1, '10:00'));
    await setStock('north', true);
    await match();
    expect(await dueEvents(near.id, since)).toEqual([expect.objectContaining({ kind: 'stock', pharmacySlug: data.slug('north') })]);
    expect(await dueEvents(far.id, since)).toEqual([]);
  });

  it('the signed link removes its own alert without sign-in, and never another’s', async () => {
    const mine = await subscribe(7, { kind: 'stock' });
    const theirs = await subscribe(8, { kind: 'stock' });
    const { unsubscribeToken } = await app.get(AlertsService).notice(mine.id);
    const forged = `${theirs.id}.${unsubscribeToken.split('.')[1]}`;
    await expect(call(Subjects.pharm.alertUnsubscribe, { token: forged })).rejects.toMatchObject({ status: 403, message: AlertMessages.invalidLink });
    await expect(call(Subjects.pharm.alertUnsubscribe, { token: 'nonsense' })).rejects.toMatchObject({ status: 400, message: AlertMessages.invalidLink });
    await call(Subjects.pharm.alertUnsubscribe, { token: unsubscribeToken });
    await call(Subjects.pharm.alertUnsubscribe, { token: unsubscribeToken });
    expect((await call<PriceAlertsResponse>(Subjects.pharm.alertList, {}, patient(7))).alerts).toEqual([]);
    expect((await call<PriceAlertsResponse>(Subjects.pharm.alertList, {}, patient(8))).alerts.map((a) => a.id)).toEqual([theirs.id]);
  });
});
