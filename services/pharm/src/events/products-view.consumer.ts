import { Inject, Injectable } from '@nestjs/common';
import type { Events } from '@mc/contracts';
import { ConsumesEvents, type ConsumedEvent, type Tx } from '@mc/kit';
import { CatalogPriceWriter } from './catalog-price.writer';
import { ProductsViewProjector } from './products-view.projector';

/** The durable consumer name; also the inbox key of the events it has applied. */
export const PRODUCTS_VIEW_DURABLE = 'pharm-products-view';

/** Keeps the products view fed from catalog's stream (durable, idempotent through the inbox). */
@Injectable()
export class ProductsViewConsumer {
  constructor(
    @Inject(ProductsViewProjector) private readonly projector: ProductsViewProjector,
    @Inject(CatalogPriceWriter) private readonly catalogPrice: CatalogPriceWriter,
  ) {}

  @ConsumesEvents(PRODUCTS_VIEW_DURABLE)
  async productChanged(event: ConsumedEvent<typeof Events.catalog.productChanged>, tx: Tx): Promise<void> {
    // The offer index hears of the product from the change feed at commit (the consumer's transaction is the kit's).
    const result = await this.projector.project(tx, event);
    // Offers priced 0 in the back office cost the catalogue's price: they follow it, with their events, in this transaction.
    if (result.outcome === 'applied' && !result.deleted && result.estimatedPrice !== null) {
      await this.catalogPrice.followCatalogPrice(tx, result.slug, result.estimatedPrice);
    }
  }
}
