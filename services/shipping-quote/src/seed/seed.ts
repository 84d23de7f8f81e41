import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { createServiceContext } from '@mc/kit';
import type { Location, QuantityType } from '@mc/contracts';
import { LocationsService } from '../locations/locations.service';
import { ShipmentsService, type NewShipment } from '../shipments/shipments.service';
import { shippingQuoteService } from '../service';

/** One pharmacy's shipping row as the seed file gives it: areas by name, money in agorot. */
interface SeedShipment {
  pharmSlug: string;
  /** The owner's name for it (back office); absent: none. */
  name?: string;
  /** The type of each row that names none. */
  quantityType: QuantityType;
  pricings: { quantityType?: QuantityType; quantity: number; amount: number }[];
  areas: { type: Location['type']; displayText: string }[];
}

export interface ShippingSeedFile {
  shipments: SeedShipment[];
}

/** The locations tree from the gazetteer, then each pharmacy's shipments from the file (idempotent). */
export async function seedShippingQuote(file: ShippingSeedFile, overrides: NodeJS.ProcessEnv = {}): Promise<{ locations: number; shipments: number }> {
  const app = await createServiceContext(shippingQuoteService, overrides);
  try {
    const locations = app.get(LocationsService);
    const count = await locations.seedTree();
    const idOf = new Map((await locations.list()).map((l) => [`${l.type}:${l.displayText}`, l.id]));
    const byPharm = new Map<string, Omit<NewShipment, 'pharmSlug'>[]>();
    for (const s of file.shipments) {
      const locationIds = s.areas.map((a) => {
        const id = idOf.get(`${a.type}:${a.displayText}`);
        if (id === undefined) throw new Error(`seed: unknown ${a.type} '${a.displayText}' for ${s.pharmSlug}`);
        return id;
      });
      const rows = byPharm.get(s.pharmSlug) ?? [];
      const pricings = s.pricings.map((p) => ({ quantityType: p.quantityType ?? s.quantityType, quantity: p.quantity, amount: p.amount }));
      rows.push({ name: s.name ?? '', pricings, locationIds });
      byPharm.set(s.pharmSlug, rows);
    }
    const shipments = app.get(ShipmentsService);
    for (const [pharmSlug, rows] of byPharm) await shipments.replaceForPharm(pharmSlug, rows);
    return { locations: count, shipments: file.shipments.length };
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  const path = process.argv[2];
  if (!path) throw new Error('usage: seed.js <shipping-quote.json>');
  seedShippingQuote(JSON.parse(readFileSync(path, 'utf8')) as ShippingSeedFile)
    .then((n) => console.log(`[seed] shipping-quote: ${n.locations} locations, ${n.shipments} shipments`))
    .catch((err) => { console.error(err); process.exit(1); });
}
