import { Inject, Injectable } from '@nestjs/common';
import {
  DASHBOARD_LIST_SIZE, Events, formatSlotTime, isOfferStale, OFFER_CONFIRM_DUE_AFTER_MS, searchDocument,
  type BusinessCard, type BusinessUpdateCommand, type OpeningHours, type OpeningHoursSlotInput, type PharmBusinessInfo,
} from '@mc/contracts';
import { businessNotFound, Clock, DATABASE, OutboxRelay, OutboxWriter, type Database, type Tx } from '@mc/kit';
import { and, asc, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { pharmacies, pharmProducts, productsView } from '../db/schema';
import { pharmChanged } from '../common/pharm-changed';
import { recordAudit } from '../common/audit';
import { canonical } from '../pharms/pharms.writer';
import { productColumns, toBusinessPharmProduct } from '../business-products/business-products.reader';

type PharmacyRow = typeof pharmacies.$inferSelect;

const cardOf = (row: PharmacyRow): BusinessCard => ({
  slug: row.slug,
  name: row.name,
  address: row.address,
  city: row.city,
  logoUrl: row.logoUrl,
  phoneNumber: row.phone,
  whatsappNumber: row.whatsapp,
  wazeAddress: row.wazeAddress,
});

const orNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/**
 * The flat slot list of the back office as stored hours: HH:mm, days '0'–'6' in order, each day's slots by opening
 * time, repeats dropped, closed days left out. A slot closing at or before its opening passes midnight (contracts/src/pharm/hours.ts).
 */
export function toOpeningHours(slots: OpeningHoursSlotInput[]): OpeningHours {
  const hours: OpeningHours = {};
  for (const day of ['0', '1', '2', '3', '4', '5', '6']) {
    const seen = new Set<string>();
    const daySlots = slots
      .filter((s) => s.dayOfWeek === day)
      .map((s) => ({ opensAt: formatSlotTime(s.opensAt), closesAt: formatSlotTime(s.closesAt) }))
      .filter((s) => { const key = `${s.opensAt}-${s.closesAt}`; if (seen.has(key)) return false; seen.add(key); return true; })
      .sort((a, b) => (a.opensAt < b.opensAt ? -1 : a.opensAt > b.opensAt ? 1 : a.closesAt < b.closesAt ? -1 : 1));
    if (daySlots.length) hours[day] = daySlots;
  }
  return hours;
}

/** The dashboard's lists and count, built once and prepared on each connection (a dashboard is opened often). */
function dashboardQueries(db: Database) {
  const shown = or(isNull(productsView.deleted), eq(productsView.deleted, false));
  const ofPharmacy = eq(pharmProducts.pharmId, sql.placeholder('pharmId'));
  const withProduct = () => db
    .select({ offer: pharmProducts, product: productColumns })
    .from(pharmProducts)
    .leftJoin(productsView, eq(productsView.slug, pharmProducts.productSlug));
  return {
    stockout: withProduct()
      .where(and(ofPharmacy, eq(pharmProducts.published, true), eq(pharmProducts.inStock, false), shown))
      .orderBy(desc(pharmProducts.updatedAt), asc(pharmProducts.id))
      .limit(DASHBOARD_LIST_SIZE)
      .prepare('pharm_dashboard_stockout'),
    // Stale or going stale within a day, read in order from pharm_products_pharm_confirmed_idx.
    due: withProduct()
      .where(and(ofPharmacy, eq(pharmProducts.published, true), lte(pharmProducts.confirmedAt, sql.placeholder('dueBefore')), shown))
      .orderBy(asc(pharmProducts.confirmedAt), asc(pharmProducts.id))
      .limit(DASHBOARD_LIST_SIZE)
      .prepare('pharm_dashboard_due'),
    count: db
      .select({ total: count() })
      .from(pharmProducts)
      .leftJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
      .where(and(ofPharmacy, shown))
      .prepare('pharm_dashboard_count'),
  };
}

/**
 * A pharmacy's own page of the back office (`pharm.business.*`): its card, contact details and opening hours. The kit's
 * guard has checked the caller against `businessId`; an admin may name anything, so a slug that is no pharmacy is 404 here.
 * Writes tell the public side at once: `evt.pharm.pharm.changed` through the outbox, and the offer index's change feed (this process's
 * own commits at once).
 */
@Injectable()
export class BusinessInfoService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.dashboardQueries = dashboardQueries(db);
  }

  private readonly dashboardQueries: ReturnType<typeof dashboardQueries>;

  /**
   * The dashboard's pharmacy part, in any state (an onboarding or suspended pharmacy's owner keeps the back office).
   * `openedBy`: an admin who is not a member opens the back office, which is recorded (`business.opened`).
   */
  async get(businessId: string, openedBy?: number): Promise<PharmBusinessInfo> {
    const [pharm] = await this.db.select().from(pharmacies).where(eq(pharmacies.slug, businessId));
    if (!pharm) throw businessNotFound();
    if (openedBy !== undefined) {
      await this.db.transaction((tx) => recordAudit(this.outbox, tx, {
        action: 'business.opened', actorId: openedBy, targetKind: 'pharmacy', targetId: pharm.slug, targetLabel: pharm.name, at: this.clock.now(),
      }));
      this.relay.poke();
    }
    const now = this.clock.now();
    const { stockout: stockoutQuery, due: dueQuery, count: countQuery } = this.dashboardQueries;
    const [stockout, due, [{ total }]] = await Promise.all([
      stockoutQuery.execute({ pharmId: pharm.id }),
      dueQuery.execute({ pharmId: pharm.id, dueBefore: new Date(now.getTime() - OFFER_CONFIRM_DUE_AFTER_MS) }),
      countQuery.execute({ pharmId: pharm.id }),
    ]);
    return {
      business: cardOf(pharm),
      openingHours: pharm.openingHours,
      stockoutProducts: stockout.map((r) => toBusinessPharmProduct(r.offer, r.product)),
      staleProducts: due.map((r) => ({ ...toBusinessPharmProduct(r.offer, r.product), stale: isOfferStale(r.offer.confirmedAt, now) })),
      productsTotals: { totalCount: total },
      partnerCode: pharm.partnerCode,
      partnerFeedAt: pharm.partnerFeedAt ? pharm.partnerFeedAt.toISOString() : null,
      state: pharm.state,
    };
  }

  /** Spec §5 "Pharmacy info": name, phone, WhatsApp and Waze; the address is read-only. */
  async update(command: BusinessUpdateCommand): Promise<BusinessCard> {
    return this.write(command.businessId, (pharm) => ({
      name: command.name,
      phone: command.phoneNumber,
      whatsapp: orNull(command.whatsappNumber),
      wazeAddress: orNull(command.wazeAddress),
      searchText: searchDocument(command.name, pharm.city, pharm.address),
    })).then(cardOf);
  }

  /** The week replaced as a whole by the flat slot list (a day with no slot is closed). */
  async updateHours(businessId: string, slots: OpeningHoursSlotInput[]): Promise<{ openingHours: OpeningHours }> {
    const openingHours = toOpeningHours(slots);
    const saved = await this.write(businessId, () => ({ openingHours }));
    return { openingHours: saved.openingHours };
  }

  /** Changes the pharmacy's row when `changes` differ from it, with the event, in one transaction. */
  private async write(businessId: string, changesOf: (pharm: PharmacyRow) => Partial<PharmacyRow>): Promise<PharmacyRow> {
    const result = await this.db.transaction(async (tx) => {
      const [pharm] = await tx.select().from(pharmacies).where(eq(pharmacies.slug, businessId)).for('update');
      if (!pharm) throw businessNotFound();
      const changes = changesOf(pharm);
      const changed = Object.entries(changes).some(([key, value]) => canonical(pharm[key as keyof PharmacyRow]) !== canonical(value));
      if (!changed) return { row: pharm, changed };
      const [row] = await tx.update(pharmacies).set({ ...changes, updatedAt: this.clock.now() }).where(eq(pharmacies.id, pharm.id)).returning();
      await this.publish(tx, row);
      return { row, changed };
    });
    if (result.changed) this.relay.poke();
    return result.row;
  }

  private async publish(tx: Tx, pharm: PharmacyRow): Promise<void> {
    await this.outbox.add(tx, Events.pharm.pharmChanged, pharmChanged(pharm));
  }
}
