import { Inject, Injectable } from '@nestjs/common';
import { DISTRICTS, Messages, type Location } from '@mc/contracts';
import { DATABASE, notFound, type Database } from '@mc/kit';
import { asc, eq, sql } from 'drizzle-orm';
import { locations } from '../db/schema';
import { TREE_CITIES } from './tree-cities';

const COUNTRY = 'ישראל';
const TYPE_ORDER = sql`CASE ${locations.type} WHEN 'country' THEN 0 WHEN 'district' THEN 1 ELSE 2 END`;

const toLocation = (row: typeof locations.$inferSelect): Location => ({
  id: row.id,
  parentId: row.parentId,
  type: row.type,
  displayText: row.displayText,
});

@Injectable()
export class LocationsService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async list(): Promise<Location[]> {
    const rows = await this.db.select().from(locations).orderBy(TYPE_ORDER, asc(locations.displayText));
    return rows.map(toLocation);
  }

  async get(id: number): Promise<Location> {
    const [row] = await this.db.select().from(locations).where(eq(locations.id, id)).limit(1);
    if (!row) throw notFound(Messages.locationNotFound);
    return toLocation(row);
  }

  /** Builds the tree from the localities and the address gazetteer's towns (idempotent). */
  async seedTree(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const upsert = async (row: typeof locations.$inferInsert) => {
        const [saved] = await tx
          .insert(locations)
          .values(row)
          .onConflictDoUpdate({ target: [locations.type, locations.displayText], set: { parentId: row.parentId, lat: row.lat, lng: row.lng } })
          .returning({ id: locations.id });
        return saved.id;
      };
      const country = await upsert({ type: 'country', displayText: COUNTRY, parentId: null });
      const districtIds = new Map<string, number>();
      for (const district of DISTRICTS) districtIds.set(district, await upsert({ type: 'district', displayText: district, parentId: country }));
      for (const city of TREE_CITIES) {
        await upsert({ type: 'city', displayText: city.name, parentId: districtIds.get(city.district)!, lat: city.lat, lng: city.lng });
      }
      return 1 + DISTRICTS.length + TREE_CITIES.length;
    });
  }
}
