import { nameChangeSource } from '../common/change-source';
import { Inject, Injectable } from '@nestjs/common';
import {
  BusinessMessages, ErrorCodes, Messages, shekelsToAgorot, type PharmProductCreateCommand, type PharmProductEdit,
} from '@mc/contracts';
import { Clock, badRequest, DATABASE, notFound, serviceError, type Database, type Tx } from '@mc/kit';
import { and, eq, inArray } from 'drizzle-orm';
import type { BusinessPharm } from '../common/business-pharm';
import { pharmacies, pharmProducts, productsView } from '../db/schema';
import { OfferChanges } from '../offers/offer-changes';
import { MAX_AGOROT, sameTime } from '../offers/offer-fields';
import type { OfferRow } from '../offers/offer-view';

/** The back office's writes of one pharmacy's offers (spec §7), each change through OfferChanges. */
@Injectable()
export class BusinessProductsWriter {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OfferChanges) private readonly changes: OfferChanges,
  ) {}

  /**
   * The back office's new offer (spec §7 "Create pharm product"): a catalogue product the pharmacy does not offer yet
   * (409 `productAlreadyOffered` when it does), price 0 meaning the catalogue price. Answers the stored row.
   */
  async createForBusiness(pharm: BusinessPharm, command: PharmProductCreateCommand): Promise<OfferRow> {
    const row = await this.db.transaction(async (tx) => {
      await lockPharmacy(tx, pharm.id);
      await nameChangeSource(tx, 'back-office');
      const [product] = await tx.select({ slug: productsView.slug, estimatedPrice: productsView.estimatedPrice }).from(productsView)
        .where(and(eq(productsView.slug, command.productSlug), eq(productsView.deleted, false)));
      if (!product) throw notFound(Messages.productNotFound);
      const [offered] = await tx.select({ id: pharmProducts.id }).from(pharmProducts)
        .where(and(eq(pharmProducts.pharmId, pharm.id), eq(pharmProducts.productSlug, product.slug)));
      if (offered) throw alreadyOffered();
      const priced = priceOf(command.price, product.estimatedPrice);
      const now = this.clock.now();
      const amount = command.alwaysInStock ? (validAmount(command.amount) ? command.amount : 0) : command.amount;
      const [saved] = await tx.insert(pharmProducts).values({
        pharmId: pharm.id, productSlug: product.slug, price: priced.price, catalogPrice: priced.catalogPrice, originalPrice: null,
        alwaysInStock: command.alwaysInStock, amount, inStock: command.alwaysInStock || amount > 0,
        expiresAt: command.expiresAt ? new Date(command.expiresAt) : null, published: command.published,
        isNew: command.isNewByDefault, isPopular: command.isPopularByDefault, createdAt: now, updatedAt: now, confirmedAt: now,
      }).returning();
      await this.changes.emit(tx, [{ row: saved, pharmSlug: pharm.slug }], now);
      return saved;
    });
    this.changes.committed();
    return row;
  }

  /**
   * The back office's edits (spec §7 "Update pharm products"), all or none: every id must be an offer of this pharmacy
   * (404 otherwise); a partner-locked offer refuses a change of its price or stock (400 `partnerLocked`). Price 0 means
   * the catalogue price (and follows it); the amount is kept while the offer is always in stock. Answers the rows, in the order given.
   */
  async editForBusiness(pharm: BusinessPharm, edits: PharmProductEdit[]): Promise<OfferRow[]> {
    const ids = edits.map((e) => e.id);
    if (new Set(ids).size !== ids.length) throw badRequest(Messages.badRequest);
    const { rows, changed } = await this.db.transaction(async (tx) => {
      await lockPharmacy(tx, pharm.id);
      await nameChangeSource(tx, 'back-office');
      const offers = await tx.select().from(pharmProducts)
        .where(and(eq(pharmProducts.pharmId, pharm.id), inArray(pharmProducts.id, ids)))
        .for('update');
      if (offers.length !== ids.length) throw notFound(Messages.productNotFound);
      const prices = new Map((await tx.select({ slug: productsView.slug, estimatedPrice: productsView.estimatedPrice }).from(productsView)
        .where(inArray(productsView.slug, offers.map((o) => o.productSlug)))).map((r) => [r.slug, r.estimatedPrice]));
      const byId = new Map(offers.map((offer) => [offer.id, { offer, estimatedPrice: prices.get(offer.productSlug) ?? null }]));
      const now = this.clock.now();
      const saved = new Map<number, OfferRow>();
      const moved: OfferRow[] = [];
      // Every edit is judged before anything is written: one refused edit refuses them all.
      const plans = edits.map((edit) => {
        const { offer, estimatedPrice } = byId.get(edit.id)!;
        return { offer, next: editedFields(offer, edit, estimatedPrice) };
      });
      for (const { offer, next } of plans) {
        if (!next) {
          saved.set(offer.id, offer);
          continue;
        }
        // Saving the offer in the back office re-states its price and stock: it is confirmed as of now.
        const [row] = await tx.update(pharmProducts).set({ ...next, updatedAt: now, confirmedAt: now }).where(eq(pharmProducts.id, offer.id)).returning();
        saved.set(row.id, row);
        moved.push(row);
      }
      await this.changes.emit(tx, moved.map((row) => ({ row, pharmSlug: pharm.slug })), now);
      return { rows: ids.map((id) => saved.get(id)!), changed: moved.length > 0 };
    });
    if (changed) this.changes.committed();
    return rows;
  }

  /**
   * The back office's "confirm" of offers whose price and stock are unchanged (issue 17): they are confirmed as of now,
   * all or none. Every id must be an offer of this pharmacy (404 otherwise); a partner-locked offer's price and stock
   * are the partner feed's to confirm (400 `partnerLocked`). Each goes out in an event: an offer gone stale was told
   * out of stock, and is in stock again.
   */
  async confirmForBusiness(pharm: BusinessPharm, ids: number[]): Promise<OfferRow[]> {
    if (!ids.length || new Set(ids).size !== ids.length) throw badRequest(Messages.badRequest);
    const rows = await this.db.transaction(async (tx) => {
      await lockPharmacy(tx, pharm.id);
      await nameChangeSource(tx, 'back-office');
      const offers = await tx.select({ id: pharmProducts.id, isYarpaLocked: pharmProducts.isYarpaLocked }).from(pharmProducts)
        .where(and(eq(pharmProducts.pharmId, pharm.id), inArray(pharmProducts.id, ids)))
        .for('update');
      if (offers.length !== ids.length) throw notFound(Messages.productNotFound);
      if (offers.some((o) => o.isYarpaLocked)) throw badRequest(BusinessMessages.partnerLocked);
      const now = this.clock.now();
      const saved = await tx.update(pharmProducts).set({ confirmedAt: now })
        .where(and(eq(pharmProducts.pharmId, pharm.id), inArray(pharmProducts.id, ids))).returning();
      await this.changes.tell(tx, saved.map((row) => ({ row, pharmSlug: pharm.slug })), now);
      const byId = new Map(saved.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)!);
    });
    this.changes.committed();
    return rows;
  }

  /** Removes one offer of the pharmacy (404 when it has none by that id), with its `deleted` event. */
  async removeForBusiness(pharm: BusinessPharm, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [gone] = await tx.delete(pharmProducts).where(and(eq(pharmProducts.id, id), eq(pharmProducts.pharmId, pharm.id))).returning();
      if (!gone) throw notFound(Messages.productNotFound);
      await this.changes.emit(tx, [{ row: gone, pharmSlug: pharm.slug, removed: true }], this.clock.now());
    });
    this.changes.committed();
  }

  /**
   * Bumps an offer to the top of its dosage group in the back office's list (spec §2). Nothing a shopper sees
   * changes, so no event goes out.
   */
  async bumpForBusiness(pharm: BusinessPharm, id: number): Promise<OfferRow> {
    const [row] = await this.db.update(pharmProducts).set({ bumpedAt: this.clock.now() })
      .where(and(eq(pharmProducts.id, id), eq(pharmProducts.pharmId, pharm.id))).returning();
    if (!row) throw notFound(Messages.productNotFound);
    return row;
  }
}

const alreadyOffered = () => serviceError(409, ErrorCodes.conflict, BusinessMessages.productAlreadyOffered);
const validAmount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_AGOROT;

/** Back-office writes of one pharmacy's offers queue behind each other (the pharmacy row's lock), so an edit never races a create. */
async function lockPharmacy(tx: Tx, pharmId: number): Promise<void> {
  await tx.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, pharmId)).for('update');
}

/**
 * Spec §5: a price of 0 means the catalogue price (the offer then follows it). A product the catalogue gives no
 * price cannot be offered at 0 (patients would see it free): 400 `catalogPriceMissing`.
 */
function priceOf(shekels: number, estimatedPrice: number | null): { price: number; catalogPrice: boolean } {
  if (shekels !== 0) return { price: shekelsToAgorot(shekels), catalogPrice: false };
  if (estimatedPrice === null) throw badRequest(BusinessMessages.catalogPriceMissing);
  return { price: estimatedPrice, catalogPrice: true };
}

type EditedColumns = Pick<OfferRow, 'price' | 'catalogPrice' | 'originalPrice' | 'alwaysInStock' | 'amount' | 'inStock' | 'expiresAt' | 'published' | 'isNew' | 'isPopular'>;

/**
 * The columns after a back-office edit, or null when nothing changes. A partner-locked offer keeps its price and
 * stock: asking to change them is refused (`partnerLocked`); sending them unchanged (the form sends every field) is not.
 */
function editedFields(row: OfferRow, edit: Omit<PharmProductEdit, 'id'>, estimatedPrice: number | null): EditedColumns | null {
  const shownPrice = row.catalogPrice ? 0 : row.price;
  const wantedPrice = edit.price === 0 ? 0 : shekelsToAgorot(edit.price);
  const stockAsked = edit.alwaysInStock !== row.alwaysInStock || (!edit.alwaysInStock && edit.amount !== (row.amount ?? 0));
  if (row.isYarpaLocked && (wantedPrice !== shownPrice || stockAsked)) throw badRequest(BusinessMessages.partnerLocked);
  let priced = { price: row.price, catalogPrice: row.catalogPrice };
  if (!row.isYarpaLocked && wantedPrice !== shownPrice) {
    priced = priceOf(edit.price, estimatedPrice);
  } else if (row.catalogPrice && estimatedPrice !== null && estimatedPrice !== row.price) {
    // Catching up with a catalogue price that moved while nothing was listening.
    priced = { price: estimatedPrice, catalogPrice: true };
  }
  const alwaysInStock = row.isYarpaLocked ? row.alwaysInStock : edit.alwaysInStock;
  const amount = row.isYarpaLocked || alwaysInStock ? row.amount : edit.amount;
  const inStock = row.isYarpaLocked ? row.inStock : alwaysInStock || (amount ?? 0) > 0;
  const next: EditedColumns = {
    ...priced,
    originalPrice: row.originalPrice !== null && row.originalPrice > priced.price ? row.originalPrice : null,
    alwaysInStock, amount, inStock,
    expiresAt: edit.expiresAt ? new Date(edit.expiresAt) : null,
    published: edit.published, isNew: edit.isNewByDefault, isPopular: edit.isPopularByDefault,
  };
  const same = next.price === row.price && next.catalogPrice === row.catalogPrice && next.originalPrice === row.originalPrice
    && next.alwaysInStock === row.alwaysInStock && next.amount === row.amount && next.inStock === row.inStock && sameTime(next.expiresAt, row.expiresAt)
    && next.published === row.published && next.isNew === row.isNew && next.isPopular === row.isPopular;
  return same ? null : next;
}
