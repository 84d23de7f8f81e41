import 'reflect-metadata';
import { createServiceContext } from '@mc/kit';
import { LocationsService } from '../locations/locations.service';
import { shippingQuoteService } from '../service';

export type SeedVolume = 'fixtures' | 'demo';

/** The locations tree from the gazetteer (the same for every volume; idempotent). */
export async function seedShippingQuote(_volume: SeedVolume, overrides: NodeJS.ProcessEnv = {}): Promise<number> {
  const app = await createServiceContext(shippingQuoteService, overrides);
  try {
    return await app.get(LocationsService).seedTree();
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  const volume: SeedVolume = process.argv[2] === 'fixtures' ? 'fixtures' : 'demo';
  seedShippingQuote(volume)
    .then((n) => console.log(`[seed] shipping-quote: ${n} locations`))
    .catch((err) => { console.error(err); process.exit(1); });
}
