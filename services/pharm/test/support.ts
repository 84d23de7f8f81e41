import { randomUUID } from 'node:crypto';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { Events, type OffersChangedEvent, type OpeningHours, type ProductChangedEvent } from '@mc/contracts';
import { Clock, DATABASE, OutboxWriter, startService, type Database } from '@mc/kit';
import { connectNats, TEST_ENV } from '@mc/kit/testing';
import type { NatsConnection } from 'nats';
import { eq, inArray, like } from 'drizzle-orm';
import { pharmacies, pharmProducts, productsView, stockDays } from '../src/db/schema';
import { OfferIndex } from '../src/offers/offer-index';
import type { OfferInput } from '../src/offers/offer-fields';
import { SeedOffersWriter } from '../src/seed/seed-offers.writer';
import { PharmsWriter, type PharmInput } from '../src/pharms/pharms.writer';
import { ProductsViewProjector } from '../src/events/products-view.projector';
import { pharmService } from '../src/service';
import type { DiscountInput } from '../src/discounts/discount-rules';
import { DiscountsWriter } from '../src/discounts/discounts.writer';

/** The test environment; offers gone stale and stock held too long are swept by hand (StaleOfferSweep.sweep, StockReservations.sweepHeld). */
export const PHARM_TEST_ENV = { ...TEST_ENV, STALE_SWEEP_MS: '0', STOCK_HOLD_SWEEP_MS: '0' };

/**
 * The pharm service on the test database and NATS for one suite, with that suite's test data: what the
 * suite made is removed (through the writers) before the service stops.
 */
export function usePharm(prefix: string): { app: () => INestMicroservice; nc: () => NatsConnection; data: TestData } {
  let app: INestMicroservice;
  let nc: NatsConnection;
  const data = new TestData(() => app, prefix);
  beforeAll(async () => {
    app = await startService(pharmService, PHARM_TEST_ENV);
    nc = await connectNats();
    await data.cleanUp();
  });
  afterAll(async () => {
    try {
      if (app) await data.cleanUp();
    } finally {
      await nc?.close();
      await app?.close();
    }
  });
  return { app: () => app, nc: () => nc, data };
}

/**
 * Test data of one suite. The test database is shared with other suites (and the e2e seed), so each
 * suite names everything it creates with its own prefix, scopes its list queries (a tag of its own,
 * its own companies and products) and removes what it made, through the writers, when it ends.
 */
export class TestData {
  constructor(private readonly app: () => INestApplicationContext, readonly prefix: string) {}

  get db(): Database {
    return this.app().get<Database>(DATABASE);
  }

  slug(name: string): string {
    return `${this.prefix}-${name}`;
  }

  /** The suite's own pharmacy tag, given to every pharmacy it creates: `tag` scopes the pharmacy list to them. */
  get tag(): string {
    return this.slug('tag');
  }

  /** Sets "now" for every reader and writer of the service. */
  setNow(iso: string): void {
    jest.spyOn(this.app().get(Clock), 'now').mockReturnValue(new Date(iso));
  }

  async product(name: string, fields: Partial<ProductChangedEvent['product']> = {}, occurredAt = new Date()): Promise<string> {
    const slug = this.slug(name);
    await this.applyProduct({ ...productEvent(slug), ...fields, slug }, false, occurredAt);
    return slug;
  }

  async applyProduct(product: ProductChangedEvent['product'], deleted: boolean, occurredAt = new Date()): Promise<'applied' | 'stale' | 'skipped'> {
    const projector = this.app().get(ProductsViewProjector);
    const outcome = await this.db.transaction((tx) => projector.apply(tx, {
      eventId: randomUUID(), type: Events.catalog.productChanged, version: 1, occurredAt: occurredAt.toISOString(), correlationId: 'test',
      data: { product, deleted } satisfies ProductChangedEvent,
    }));
    // A write of this process: the next read applies it (as the writers do after their commits).
    this.app().get(OfferIndex).invalidate();
    return outcome;
  }

  async pharmacy(name: string, fields: Partial<PharmInput> = {}): Promise<string> {
    const slug = this.slug(name);
    await this.app().get(PharmsWriter).upsert({ ...pharmInput(slug), ...fields, slug, tags: [{ slug: this.tag, name: 'בדיקה' }, ...(fields.tags ?? [])] });
    return slug;
  }

  async offers(pharmSlug: string, offers: (Partial<OfferInput> & { productSlug: string; price: number })[]): Promise<Map<string, number>> {
    await this.app().get(SeedOffersWriter).replaceForPharm(pharmSlug, offers.map((o) => ({ ...offerInput(o.productSlug, o.price), ...o })));
    const rows = await this.db
      .select({ id: pharmProducts.id, productSlug: pharmProducts.productSlug })
      .from(pharmProducts)
      .innerJoin(pharmacies, eq(pharmacies.id, pharmProducts.pharmId))
      .where(eq(pharmacies.slug, pharmSlug));
    return new Map(rows.map((r) => [r.productSlug, r.id]));
  }

  /** The pharmacy's discounts (whole); unset fields: published, not stacking, for everyone, valid from 2026-01-01 to 2027-12-31. */
  async discounts(pharmSlug: string, discounts: (Partial<DiscountInput> & Pick<DiscountInput, 'code' | 'type' | 'amountType' | 'amount'>)[]): Promise<void> {
    await this.app().get(DiscountsWriter).replaceForPharm(pharmSlug, discounts.map((d) => ({
      name: `הנחה ${d.code}`, published: true, allowMultiple: false, newCustomersOnly: false, productSlugs: [],
      startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: new Date('2027-12-31T00:00:00Z'), ...d,
    })));
  }

  /** Removes the suite's pharmacies (with their events, as a real removal) and products. */
  async cleanUp(): Promise<void> {
    const writer = this.app().get(PharmsWriter);
    const mine = await this.db.select({ slug: pharmacies.slug }).from(pharmacies).where(like(pharmacies.slug, `${this.prefix}-%`));
    for (const { slug } of mine) await writer.remove(slug);
    const products = await this.db.select({ slug: productsView.slug }).from(productsView).where(like(productsView.slug, `${this.prefix}-%`));
    if (products.length) await this.db.delete(productsView).where(inArray(productsView.slug, products.map((p) => p.slug)));
    await this.db.delete(stockDays).where(like(stockDays.productSlug, `${this.prefix}-%`));
  }
}

export function productEvent(slug: string): ProductChangedEvent['product'] {
  return {
    slug, name: `מוצר ${slug}`, shortName: null, type: 'flower', imageUrl: `/media/products/${slug}.svg`, hebName: `מוצר ${slug}`,
    engName: slug, company: null, cannabisType: 'hybrid', thccbdDosage: 'T10/C10', family: null, isPopular: false, isNew: false, tags: [],
  };
}

const weekdays = (slots: { opensAt: string; closesAt: string }[]) => Object.fromEntries([0, 1, 2, 3, 4].map((d) => [String(d), slots]));

/** Sun–Thu 08:00–14:00 and 16:00–20:00, Friday 08:00–13:00, closed on Saturday. */
export const REGULAR_HOURS: OpeningHours = { ...weekdays([{ opensAt: '08:00', closesAt: '14:00' }, { opensAt: '16:00', closesAt: '20:00' }]), 5: [{ opensAt: '08:00', closesAt: '13:00' }] };
/** Sun–Thu 16:00–01:00 (past midnight), Friday 09:00–14:00, closed on Saturday. */
export const NIGHT_HOURS: OpeningHours = { ...weekdays([{ opensAt: '16:00', closesAt: '01:00' }]), 5: [{ opensAt: '09:00', closesAt: '14:00' }] };
/** Every day, Saturday too: 10:00–14:00 and 18:00–22:00 on Saturday. */
export const SATURDAY_HOURS: OpeningHours = { ...weekdays([{ opensAt: '09:00', closesAt: '21:00' }]), 5: [{ opensAt: '09:00', closesAt: '15:00' }], 6: [{ opensAt: '10:00', closesAt: '14:00' }, { opensAt: '18:00', closesAt: '22:00' }] };

export function pharmInput(slug: string): PharmInput {
  return {
    slug, name: `בית מרקחת ${slug}`, address: 'הרצל 1', city: 'תל אביב-יפו', district: 'תל אביב', lat: 32.0853, lng: 34.7818,
    phone: '03-5550000', whatsapp: '050-5550000', wazeAddress: 'הרצל 1, תל אביב-יפו', logoUrl: null, isOnboard: true, isStockOnly: false,
    shipping: 'no-shipping', shipmentNotes: null, openingHours: REGULAR_HOURS, seoTitle: null, seoDescription: null, popularity: 0,
    orderEmail: `orders@${slug}.pharm.test`, partnerCode: null,
    tags: [], slides: [], announcements: [],
  };
}

export function offerInput(productSlug: string, price: number): OfferInput {
  return {
    productSlug, price, originalPrice: null, inStock: true, amount: 5, alwaysInStock: false, published: true, expiresAt: new Date('2027-06-01T00:00:00Z'),
    isPopular: false, isNew: false, isPromoted: false, isYarpaLocked: false,
  };
}

/** Israel is UTC+2 in winter: Monday 2026-11-23 and the days after it. */
export const ISRAEL_WINTER = {
  mondayNoon: '2026-11-23T10:00:00Z', // 12:00
  mondayAfternoonBreak: '2026-11-23T13:00:00Z', // 15:00
  mondayNight: '2026-11-23T21:30:00Z', // 23:30
  tuesdayAfterMidnight: '2026-11-23T22:30:00Z', // Tue 00:30
  tuesdayLateNight: '2026-11-23T23:30:00Z', // Tue 01:30
  fridayAfterMidnight: '2026-11-26T22:30:00Z', // Fri 00:30 (Thursday's night)
  fridayNoon: '2026-11-27T10:30:00Z', // Fri 12:30
  fridayAfternoon: '2026-11-27T13:30:00Z', // Fri 15:30
  saturdayAfterMidnight: '2026-11-27T22:30:00Z', // Sat 00:30 (Friday's night)
  saturdayNoon: '2026-11-28T10:00:00Z', // Sat 12:00
  saturdayAfternoon: '2026-11-28T13:00:00Z', // Sat 15:00
};

/**
 * Watches what the service tells catalog of these offers (`evt.pharm.offers.changed` through its outbox): `told()`
 * answers each told since the last look, sorted by id; `restore()` stops watching. Other suites' offers are left out.
 */
export function watchOffersTold(app: INestApplicationContext, offerIds: number[]) {
  const added = jest.spyOn(app.get(OutboxWriter), 'add');
  return {
    told: () => {
      const offers = added.mock.calls.filter(([, subject]) => subject === Events.pharm.offersChanged)
        .flatMap(([, , event]) => (event as OffersChangedEvent).offers).filter((o) => offerIds.includes(o.pharmProductId));
      added.mockClear();
      return offers.map((o) => ({ id: o.pharmProductId, inStock: o.inStock })).sort((a, b) => a.id - b.id);
    },
    restore: () => added.mockRestore(),
  };
}
