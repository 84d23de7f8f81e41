import 'reflect-metadata';
import { createServiceContext } from '@mc/kit';
import { ProductsService } from '../products/products.service';
import { catalogService } from '../service';
import { FIXTURE_PRODUCTS } from './fixture-products';

/** Upserts the fixed products (idempotent; each write also queues its `product changed` event). */
export async function seedCatalog(overrides: NodeJS.ProcessEnv = {}): Promise<number> {
  const app = await createServiceContext(catalogService, overrides);
  try {
    const products = app.get(ProductsService);
    for (const product of FIXTURE_PRODUCTS) await products.upsert(product);
    return FIXTURE_PRODUCTS.length;
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  seedCatalog()
    .then((n) => console.log(`[seed] catalog: ${n} products`))
    .catch((err) => { console.error(err); process.exit(1); });
}
