import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels, BUSINESS_PAGE_SIZE, BusinessMessages, ErrorCodes, Messages, shekelsToAgorot,
  type BusinessShipment, type BusinessShipmentsPage, type QuantityType, type Shipment, type ShipmentFields,
} from '@mc/contracts';
import { DATABASE, notFound, serviceError, type Database } from '@mc/kit';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { locations, shipments, type StoredPricing } from '../db/schema';
import type { PricingRow } from '../quotes/quotes.rules';

/** A shipment to write: its rows typed each (the table's legacy `quantity_type` is the first row's). */
export interface NewShipment {
  pharmSlug: string;
  name?: string;
  published?: boolean;
  pricings: PricingRow[];
  locationIds: number[];
}

type ShipmentRow = typeof shipments.$inferSelect;

/** A stored row's pricings, each with its type (rows written before migration 0005 take the shipment's). */
export const pricingRows = (row: Pick<ShipmentRow, 'quantityType' | 'pricings'>): PricingRow[] =>
  row.pricings.map((p: StoredPricing) => ({ quantityType: p.quantityType ?? row.quantityType, quantity: p.quantity, amount: p.amount }));

/** A quantity as the owner and visitors see it: shekels for a total price, items as they are. */
const shownQuantity = (quantityType: QuantityType, quantity: number) => (quantityType === 'min-total-price' ? agorotToShekels(quantity) : quantity);

/**
 * The pharmacies' shipments, by the pharmacy's slug. The back office's callers are checked by the kit's guard (members of
 * `pharmacy:<slug>` and admins); whether an admin's slug names a pharmacy at all the gateway asks pharm before calling
 * (shipping-quote asks no other service: pharm calls it for delivery prices).
 */
@Injectable()
export class ShipmentsService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** A pharmacy's published shipments as visitors see them: areas by name, prices in shekels (items counts as they are). */
  async listByPharm(pharmSlug: string): Promise<Shipment[]> {
    const rows = await this.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.pharmSlug, pharmSlug), eq(shipments.published, true)))
      .orderBy(asc(shipments.id));
    const byId = await this.locationsById(rows);
    return rows.map((row) => ({
      id: row.id,
      pricings: pricingRows(row).map((p) => ({ quantityType: p.quantityType, quantity: shownQuantity(p.quantityType, p.quantity), amount: agorotToShekels(p.amount) })),
      addresses: row.locationIds.flatMap((id) => {
        const area = byId.get(id);
        return area ? [{ type: area.type, displayText: area.displayText }] : [];
      }),
    }));
  }

  /** Replaces a pharmacy's shipments (seeds). */
  async replaceForPharm(pharmSlug: string, rows: Omit<NewShipment, 'pharmSlug'>[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(shipments).where(eq(shipments.pharmSlug, pharmSlug));
      if (rows.length) await tx.insert(shipments).values(rows.map((r) => toInsert({ ...r, pharmSlug })));
    });
  }

  // The back office (spec §2 shipment management). The caller passed `@RequireBusiness()` (see the class's note).

  async page(businessId: string, page = 1): Promise<BusinessShipmentsPage> {
    const perPage = BUSINESS_PAGE_SIZE.shipments;
    const mine = eq(shipments.pharmSlug, businessId);
    const [[{ total }], rows] = await Promise.all([
      this.db.select({ total: count() }).from(shipments).where(mine),
      this.db.select().from(shipments).where(mine).orderBy(desc(shipments.id)).limit(perPage).offset((page - 1) * perPage),
    ]);
    const byId = await this.locationsById(rows);
    return { shipments: rows.map((row) => toBusiness(row, byId)), total, perPage, currentPage: page };
  }

  async get(businessId: string, id: number): Promise<BusinessShipment> {
    const row = await this.own(businessId, id);
    return toBusiness(row, await this.locationsById([row]));
  }

  async create(businessId: string, fields: ShipmentFields): Promise<BusinessShipment> {
    const values = await this.toValues(businessId, fields);
    const [row] = await this.db.insert(shipments).values(values).returning();
    return toBusiness(row, await this.locationsById([row]));
  }

  /** Replaces the whole shipment (name, published, areas, rows). */
  async update(businessId: string, id: number, fields: ShipmentFields): Promise<BusinessShipment> {
    const values = await this.toValues(businessId, fields);
    const [row] = await this.db
      .update(shipments)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(shipments.id, id), eq(shipments.pharmSlug, businessId)))
      .returning();
    if (!row) throw notFound(BusinessMessages.shipmentNotFound);
    return toBusiness(row, await this.locationsById([row]));
  }

  async remove(businessId: string, id: number): Promise<void> {
    const removed = await this.db
      .delete(shipments)
      .where(and(eq(shipments.id, id), eq(shipments.pharmSlug, businessId)))
      .returning({ id: shipments.id });
    if (!removed.length) throw notFound(BusinessMessages.shipmentNotFound);
  }

  private async own(businessId: string, id: number): Promise<ShipmentRow> {
    const [row] = await this.db.select().from(shipments).where(and(eq(shipments.id, id), eq(shipments.pharmSlug, businessId))).limit(1);
    if (!row) throw notFound(BusinessMessages.shipmentNotFound);
    return row;
  }

  /** The form's fields as a row: areas once each and all known (400 otherwise), money in agorot. */
  private async toValues(businessId: string, fields: ShipmentFields): Promise<ReturnType<typeof toInsert>> {
    const locationIds = [...new Set(fields.addresses.map((a) => a.locationId))];
    const found = await this.db.select({ id: locations.id }).from(locations).where(inArray(locations.id, locationIds));
    if (found.length !== locationIds.length) throw serviceError(400, ErrorCodes.badRequest, Messages.locationNotFound);
    return toInsert({
      pharmSlug: businessId,
      name: fields.name,
      published: fields.published,
      locationIds,
      pricings: fields.pricings.map((p) => ({
        quantityType: p.quantityType,
        quantity: p.quantityType === 'min-total-price' ? shekelsToAgorot(p.quantity) : p.quantity,
        amount: shekelsToAgorot(p.amount),
      })),
    });
  }

  private async locationsById(rows: Pick<ShipmentRow, 'locationIds'>[]) {
    const ids = [...new Set(rows.flatMap((r) => r.locationIds))];
    const areas = ids.length ? await this.db.select().from(locations).where(inArray(locations.id, ids)) : [];
    return new Map(areas.map((a) => [a.id, a]));
  }
}

function toInsert(s: NewShipment): typeof shipments.$inferInsert {
  return {
    pharmSlug: s.pharmSlug,
    ...(s.name !== undefined ? { name: s.name } : {}),
    ...(s.published !== undefined ? { published: s.published } : {}),
    quantityType: s.pricings[0]?.quantityType ?? 'min-total-price',
    pricings: s.pricings.map((p) => ({ quantityType: p.quantityType, quantity: p.quantity, amount: p.amount })),
    locationIds: s.locationIds,
  };
}

function toBusiness(row: ShipmentRow, byId: Map<number, typeof locations.$inferSelect>): BusinessShipment {
  return {
    id: row.id,
    name: row.name,
    published: row.published,
    addresses: row.locationIds.flatMap((id) => {
      const area = byId.get(id);
      return area ? [{ locationId: id, location: { id, displayText: area.displayText, type: area.type } }] : [];
    }),
    pricings: pricingRows(row).map((p) => ({
      quantityType: p.quantityType,
      quantity: shownQuantity(p.quantityType, p.quantity),
      amountType: 'fixed' as const,
      amount: agorotToShekels(p.amount),
    })),
  };
}
