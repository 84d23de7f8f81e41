import { Inject, Injectable } from '@nestjs/common';
import { Clock, type Tx } from '@mc/kit';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { pharmacies, pharmProducts } from '../db/schema';
import { OfferChanges } from '../offers/offer-changes';

/** Offers priced 0 in the back office (`catalog_price`) follow their product's catalogue price, each change through OfferChanges. */
@Injectable()
export class CatalogPriceWriter {
  constructor(
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OfferChanges) private readonly changes: OfferChanges,
  ) {}

  /**
   * A product's catalogue price changed (`evt.catalog.product.changed`, in its consumer's transaction): every offer
   * priced 0 in the back office (`catalog_price`) takes it, a standing original price kept only while above it, each
   * with its event (the relay's next poll sends them). Returns how many moved.
   */
  async followCatalogPrice(tx: Tx, productSlug: string, estimatedPrice: number): Promise<number> {
    const now = this.clock.now();
    const moved = await tx.update(pharmProducts)
      .set({
        price: estimatedPrice,
        originalPrice: sql`CASE WHEN ${pharmProducts.originalPrice} > ${estimatedPrice} THEN ${pharmProducts.originalPrice} END`,
        updatedAt: now,
      })
      .where(and(eq(pharmProducts.productSlug, productSlug), eq(pharmProducts.catalogPrice, true), ne(pharmProducts.price, estimatedPrice)))
      .returning();
    if (!moved.length) return 0;
    const slugs = new Map((await tx.select({ id: pharmacies.id, slug: pharmacies.slug }).from(pharmacies)
      .where(inArray(pharmacies.id, [...new Set(moved.map((o) => o.pharmId))]))).map((p) => [p.id, p.slug]));
    await this.changes.emit(tx, moved.map((row) => ({ row, pharmSlug: slugs.get(row.pharmId)! })), now);
    return moved.length;
  }
}
