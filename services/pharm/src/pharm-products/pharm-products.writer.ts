import { Inject, Injectable } from '@nestjs/common';
import { Messages, shekelsToAgorot, type PharmProduct, type PharmProductUpdateRequest } from '@mc/contracts';
import { Clock, badRequest, DATABASE, notFound, type Database } from '@mc/kit';
import { and, eq } from 'drizzle-orm';
import { pharmacies, pharmProducts } from '../db/schema';
import { OfferChanges } from '../offers/offer-changes';
import { differs, type OfferFields } from '../offers/offer-fields';
import type { OfferRow } from '../offers/offer-view';
import { PharmProductsReader } from './pharm-products.reader';

/** The `pharm.pharm-product.update` command's write: one offer of the caller's pharmacy, its change through OfferChanges. */
@Injectable()
export class PharmProductsWriter {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OfferChanges) private readonly changes: OfferChanges,
    @Inject(PharmProductsReader) private readonly reader: PharmProductsReader,
  ) {}

  /** The `pharm.pharm-product.update` command (shekels in, the shown offer out). */
  async update(request: PharmProductUpdateRequest): Promise<PharmProduct> {
    const changed = await this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ offer: pharmProducts, pharmSlug: pharmacies.slug })
        .from(pharmProducts)
        .innerJoin(pharmacies, eq(pharmacies.id, pharmProducts.pharmId))
        // Only an offer of the caller's pharmacy (the guard checked the caller's membership of `businessId`).
        .where(and(eq(pharmProducts.id, request.id), eq(pharmacies.slug, request.businessId)))
        .for('update');
      if (!found) throw notFound(Messages.productNotFound);
      const next = applyUpdate(found.offer, request);
      if (!differs(found.offer, next)) return false;
      const now = this.clock.now();
      // A price typed here is the pharmacy's own: it no longer follows the catalogue.
      const catalogPrice = request.price === undefined ? found.offer.catalogPrice : false;
      // The pharmacy's own edit confirms the offer's price and stock as of now.
      const [saved] = await tx.update(pharmProducts).set({ ...next, catalogPrice, updatedAt: now, confirmedAt: now }).where(eq(pharmProducts.id, request.id)).returning();
      await this.changes.emit(tx, [{ row: saved, pharmSlug: found.pharmSlug }], now);
      return true;
    });
    if (changed) this.changes.committed();
    const shown = await this.reader.shownOffer(request.id);
    if (!shown) throw notFound(Messages.productNotFound);
    return shown;
  }
}

/**
 * The fields after an update request (shekels to agorot). An original price given with the request
 * must be above the price; a price raised to or above the standing original price ends the discount.
 */
export function applyUpdate(row: OfferRow, request: Omit<PharmProductUpdateRequest, 'businessId'>): OfferFields {
  const price = request.price !== undefined ? shekelsToAgorot(request.price) : row.price;
  let originalPrice = row.originalPrice;
  if (request.originalPrice !== undefined) {
    originalPrice = request.originalPrice === null ? null : shekelsToAgorot(request.originalPrice);
    if (originalPrice !== null && originalPrice <= price) throw badRequest(Messages.originalPriceNotHigher);
  } else if (originalPrice !== null && originalPrice <= price) {
    originalPrice = null;
  }
  return {
    price,
    originalPrice,
    inStock: request.inStock ?? row.inStock,
    amount: request.inStock === false ? 0 : request.inStock === true && row.amount === 0 ? null : row.amount,
    alwaysInStock: row.alwaysInStock,
    published: request.published ?? row.published,
    expiresAt: request.expiresAt === undefined ? row.expiresAt : request.expiresAt === null ? null : new Date(request.expiresAt),
    isPopular: row.isPopular,
    isNew: row.isNew,
    isPromoted: row.isPromoted,
    isYarpaLocked: row.isYarpaLocked,
  };
}
