import { Inject, Injectable } from '@nestjs/common';
import { agorotToShekels, type Shipment } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { locations, shipments } from '../db/schema';

export type NewShipment = Omit<typeof shipments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

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
    const ids = [...new Set(rows.flatMap((r) => r.locationIds))];
    const areas = ids.length ? await this.db.select().from(locations).where(inArray(locations.id, ids)) : [];
    const byId = new Map(areas.map((a) => [a.id, a]));
    return rows.map((row) => ({
      id: row.id,
      quantityType: row.quantityType,
      pricings: row.pricings.map((p) => ({
        quantity: row.quantityType === 'min-total-price' ? agorotToShekels(p.quantity) : p.quantity,
        amount: agorotToShekels(p.amount),
      })),
      addresses: row.locationIds.flatMap((id) => {
        const area = byId.get(id);
        return area ? [{ type: area.type, displayText: area.displayText }] : [];
      }),
    }));
  }

  /** Replaces a pharmacy's shipments (seeds; the back office gets its own CRUD). */
  async replaceForPharm(pharmSlug: string, rows: Omit<NewShipment, 'pharmSlug'>[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(shipments).where(eq(shipments.pharmSlug, pharmSlug));
      if (rows.length) await tx.insert(shipments).values(rows.map((r) => ({ ...r, pharmSlug })));
    });
  }
}
