import { Inject, Injectable } from '@nestjs/common';
import {
  BusinessMessages, ErrorCodes, Events, Messages, shekelsToAgorot,
  type OfferSnapshot, type PharmProduct, type PharmProductCreateCommand, type PharmProductEdit, type PharmProductUpdateRequest,
} from '@mc/contracts';
import { Clock, badRequest, DATABASE, notFound, OutboxRelay, OutboxWriter, serviceError, type Database, type Tx } from '@mc/kit';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BusinessPharm } from '../common/business-pharm';
import { pharmacies, pharmProducts, productsView } from '../db/schema';
import { PharmProductsReader } from './pharm-products.reader';
import { toSnapshot, type OfferRow } from './offer-view';

/** One offer as a writer receives it: money in agorot. */
export interface OfferInput {
  /** The id to give a new offer when it is free (the seed's stable ids); otherwise the next one. */
  id?: number;
  productSlug: string;
  price: number;
  /** Above `price` when discounted; anything else is stored as no discount. */
  originalPrice: number | null;
  inStock: boolean;
  amount: number | null;
  /** Orders never lower its amount. */
  alwaysInStock: boolean;
  published: boolean;
  expiresAt: Date | null;
  isPopular: boolean;
  isNew: boolean;
  isPromoted: boolean;
  /** Price and stock come from the partner feed (the back office may not change them). */
  isYarpaLocked: boolean;
}

type OfferFields = Omit<OfferInput, 'id' | 'productSlug'>;

/** Units of one offer in an order, as order's events carry them. */
export interface StockLine {
  pharmSlug: string;
  pharmProductId: number;
  amount: number;
}

/** Snapshots per `evt.pharm.offers.changed` (about 250 bytes each): far below NATS's 1 MB. */
export const OFFERS_PER_EVENT = 500;
const ROWS_PER_INSERT = 1000;
const MAX_AGOROT = 10_000_000;

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

function fieldsOf(input: OfferFields): OfferFields {
  const originalPrice = input.originalPrice !== null && input.originalPrice > input.price ? input.originalPrice : null;
  return {
    price: input.price, originalPrice, inStock: input.inStock, amount: input.amount, alwaysInStock: input.alwaysInStock, published: input.published,
    expiresAt: input.expiresAt, isPopular: input.isPopular, isNew: input.isNew, isPromoted: input.isPromoted, isYarpaLocked: input.isYarpaLocked,
  };
}

function differs(row: OfferRow, next: OfferFields): boolean {
  return row.price !== next.price || row.originalPrice !== next.originalPrice || row.inStock !== next.inStock
    || row.amount !== next.amount || row.alwaysInStock !== next.alwaysInStock || row.published !== next.published || !sameTime(row.expiresAt, next.expiresAt)
    || row.isPopular !== next.isPopular || row.isNew !== next.isNew || row.isPromoted !== next.isPromoted || row.isYarpaLocked !== next.isYarpaLocked;
}

function assertValid(input: OfferInput): void {
  const money = (v: number) => Number.isInteger(v) && v >= 0 && v <= MAX_AGOROT;
  if (!money(input.price) || (input.originalPrice !== null && !money(input.originalPrice))) {
    throw new Error(`offer of ${input.productSlug}: prices must be whole agorot between 0 and ${MAX_AGOROT}`);
  }
  if (input.amount !== null && (!Number.isInteger(input.amount) || input.amount < 0)) throw new Error(`offer of ${input.productSlug}: bad amount`);
  if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) throw new Error(`offer of ${input.productSlug}: bad expiry`);
}

/**
 * Every change to offers goes through here: the rows and their `evt.pharm.offers.changed` events
 * commit in one transaction (catalog's prices, stock and pharmacy counts come from those events), then
 * the relay is poked so catalog hears within moments rather than at its next poll.
 */
@Injectable()
export class PharmProductsWriter {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PharmProductsReader) private readonly reader: PharmProductsReader,
  ) {}

  /**
   * Makes a pharmacy's offers those given (by product): new ones inserted, changed ones updated,
   * unchanged ones left alone (no event), and, with `removeMissing`, the others deleted. Idempotent.
   */
  async replaceForPharm(pharmSlug: string, offers: OfferInput[], { removeMissing = true } = {}): Promise<{ inserted: number; updated: number; removed: number }> {
    offers.forEach(assertValid);
    const counts = await this.db.transaction(async (tx) => {
      const [pharm] = await tx.select({ id: pharmacies.id, slug: pharmacies.slug }).from(pharmacies).where(eq(pharmacies.slug, pharmSlug)).for('update');
      if (!pharm) throw notFound(Messages.pharmNotFound);
      const existing = await tx.select().from(pharmProducts).where(eq(pharmProducts.pharmId, pharm.id));
      const current = new Map(existing.map((o) => [o.productSlug, o]));
      const given = new Set<string>();
      const fresh: OfferInput[] = [];
      const changed: { row: OfferRow; next: OfferFields }[] = [];
      for (const input of offers) {
        if (given.has(input.productSlug)) throw new Error(`${pharmSlug} offers ${input.productSlug} twice`);
        given.add(input.productSlug);
        const row = current.get(input.productSlug);
        const next = fieldsOf(input);
        if (!row) fresh.push(input);
        else if (differs(row, next)) changed.push({ row, next });
      }
      const gone = removeMissing ? existing.filter((o) => !given.has(o.productSlug)) : [];
      const now = this.clock.now();
      const inserted = await this.insert(tx, pharm.id, fresh, now);
      const updated = await this.updateRows(tx, changed, now);
      if (gone.length) await tx.delete(pharmProducts).where(inArray(pharmProducts.id, gone.map((o) => o.id)));
      const snapshots = [
        ...[...inserted, ...updated].map((o) => toSnapshot(o, pharm.slug, now)),
        ...gone.map((o) => toSnapshot(o, pharm.slug, now, true)),
      ];
      if (snapshots.length) {
        await touchPharmacy(tx, pharm.id, now);
        await this.publish(tx, snapshots);
      }
      return { inserted: inserted.length, updated: updated.length, removed: gone.length };
    });
    if (counts.inserted + counts.updated + counts.removed > 0) this.relay.poke();
    return counts;
  }

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
      await touchPharmacy(tx, found.offer.pharmId, now);
      await this.publish(tx, [toSnapshot(saved, found.pharmSlug, now)]);
      return true;
    });
    if (changed) this.relay.poke();
    const shown = await this.reader.shownOffer(request.id);
    if (!shown) throw notFound(Messages.productNotFound);
    return shown;
  }

  /**
   * The back office's new offer (spec §7 "Create pharm product"): a catalogue product the pharmacy does not offer yet
   * (409 `productAlreadyOffered` when it does), price 0 meaning the catalogue price. Answers the stored row.
   */
  async createForBusiness(pharm: BusinessPharm, command: PharmProductCreateCommand): Promise<OfferRow> {
    const row = await this.db.transaction(async (tx) => {
      await lockPharmacy(tx, pharm.id);
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
      await touchPharmacy(tx, pharm.id, now);
      await this.publish(tx, [toSnapshot(saved, pharm.slug, now)]);
      return saved;
    });
    this.relay.poke();
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
      if (moved.length) {
        await touchPharmacy(tx, pharm.id, now);
        await this.publish(tx, moved.map((r) => toSnapshot(r, pharm.slug, now)));
      }
      return { rows: ids.map((id) => saved.get(id)!), changed: moved.length > 0 };
    });
    if (changed) this.relay.poke();
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
      const offers = await tx.select({ id: pharmProducts.id, isYarpaLocked: pharmProducts.isYarpaLocked }).from(pharmProducts)
        .where(and(eq(pharmProducts.pharmId, pharm.id), inArray(pharmProducts.id, ids)))
        .for('update');
      if (offers.length !== ids.length) throw notFound(Messages.productNotFound);
      if (offers.some((o) => o.isYarpaLocked)) throw badRequest(BusinessMessages.partnerLocked);
      const now = this.clock.now();
      const saved = await tx.update(pharmProducts).set({ confirmedAt: now })
        .where(and(eq(pharmProducts.pharmId, pharm.id), inArray(pharmProducts.id, ids))).returning();
      await this.publish(tx, saved.map((o) => toSnapshot(o, pharm.slug, now)));
      const byId = new Map(saved.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)!);
    });
    this.relay.poke();
    return rows;
  }

  /** Removes one offer of the pharmacy (404 when it has none by that id), with its `deleted` event. */
  async removeForBusiness(pharm: BusinessPharm, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [gone] = await tx.delete(pharmProducts).where(and(eq(pharmProducts.id, id), eq(pharmProducts.pharmId, pharm.id))).returning();
      if (!gone) throw notFound(Messages.productNotFound);
      await touchPharmacy(tx, pharm.id, this.clock.now());
      await this.publish(tx, [toSnapshot(gone, pharm.slug, this.clock.now(), true)]);
    });
    this.relay.poke();
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
    for (const pharmId of slugs.keys()) await touchPharmacy(tx, pharmId, now);
    await this.publish(tx, moved.map((o) => toSnapshot(o, slugs.get(o.pharmId)!, now)));
    return moved.length;
  }

  /** Events for a pharmacy's deleted offers (the pharmacy itself is being removed, its rows go by cascade). */
  async publishRemoved(tx: Tx, pharmId: number, pharmSlug: string): Promise<void> {
    const rows = await tx.select().from(pharmProducts).where(eq(pharmProducts.pharmId, pharmId));
    if (rows.length) await this.publish(tx, rows.map((o) => toSnapshot(o, pharmSlug, this.clock.now(), true)));
  }

  /**
   * Stock follows orders, in the consumer's transaction: `lower` takes the ordered units off each offer that keeps an
   * amount and is not always in stock (reaching 0 puts it out of stock); `restore` gives them back (in stock again
   * when above 0). Only offers of the line's pharmacy move; every moved offer goes out as `evt.pharm.offers.changed`
   * (the relay's next poll sends it). Returns the offers moved.
   */
  async adjustStock(tx: Tx, lines: StockLine[], direction: 'lower' | 'restore'): Promise<number> {
    const units = new Map<string, StockLine>();
    for (const line of lines) {
      if (!Number.isInteger(line.amount) || line.amount < 1) continue;
      const key = `${line.pharmSlug}/${line.pharmProductId}`;
      const seen = units.get(key);
      units.set(key, { ...line, amount: (seen?.amount ?? 0) + line.amount });
    }
    if (!units.size) return 0;
    const list = [...units.values()];
    const now = this.clock.now();
    const change = direction === 'lower'
      ? sql`amount = greatest(pp.amount - u.n, 0), in_stock = CASE WHEN pp.amount - u.n <= 0 THEN false ELSE pp.in_stock END`
      : sql`amount = pp.amount + u.n, in_stock = CASE WHEN pp.amount + u.n > 0 THEN true ELSE pp.in_stock END`;
    const { rows } = await tx.execute<{ id: number }>(sql`UPDATE pharm.pharm_products pp SET ${change}, updated_at = ${now.toISOString()}::timestamptz
      FROM unnest(${sql.param(list.map((l) => l.pharmProductId))}::int[], ${sql.param(list.map((l) => l.pharmSlug))}::text[],
        ${sql.param(list.map((l) => l.amount))}::int[]) AS u(id, pharm_slug, n), pharm.pharmacies p
      WHERE pp.id = u.id AND p.id = pp.pharm_id AND p.slug = u.pharm_slug AND NOT pp.always_in_stock AND pp.amount IS NOT NULL
        ${direction === 'lower' ? sql`AND (pp.amount > 0 OR pp.in_stock)` : sql``}
      RETURNING pp.id`);
    if (!rows.length) return 0;
    const moved = await tx
      .select({ offer: pharmProducts, pharmSlug: pharmacies.slug })
      .from(pharmProducts)
      .innerJoin(pharmacies, eq(pharmacies.id, pharmProducts.pharmId))
      .where(inArray(pharmProducts.id, rows.map((r) => r.id)));
    for (const pharmId of new Set(moved.map((m) => m.offer.pharmId))) await touchPharmacy(tx, pharmId, now);
    await this.publish(tx, moved.map((m) => toSnapshot(m.offer, m.pharmSlug, now)));
    return moved.length;
  }

  private async publish(tx: Tx, snapshots: OfferSnapshot[]): Promise<void> {
    for (let i = 0; i < snapshots.length; i += OFFERS_PER_EVENT) {
      await this.outbox.add(tx, Events.pharm.offersChanged, { offers: snapshots.slice(i, i + OFFERS_PER_EVENT) });
    }
  }

  /** New offers: those whose wanted id is free keep it (then the id sequence is moved past them), the rest take the next ids. */
  private async insert(tx: Tx, pharmId: number, inputs: OfferInput[], now: Date): Promise<OfferRow[]> {
    if (!inputs.length) return [];
    const wanted = inputs.map((i) => i.id).filter((id): id is number => id !== undefined);
    const taken = new Set(wanted.length
      ? (await tx.select({ id: pharmProducts.id }).from(pharmProducts).where(inArray(pharmProducts.id, wanted))).map((r) => r.id)
      : []);
    const withId: OfferInput[] = [];
    const withoutId: OfferInput[] = [];
    for (const input of inputs) {
      if (input.id !== undefined && !taken.has(input.id)) {
        taken.add(input.id);
        withId.push(input);
      } else {
        withoutId.push(input);
      }
    }
    const values = (input: OfferInput, withOwnId: boolean) => ({
      ...(withOwnId ? { id: input.id } : {}),
      pharmId,
      productSlug: input.productSlug,
      ...fieldsOf(input),
      createdAt: now,
      updatedAt: now,
      confirmedAt: now,
    });
    const rows: OfferRow[] = [];
    for (let i = 0; i < withId.length; i += ROWS_PER_INSERT) {
      rows.push(...await tx.insert(pharmProducts).values(withId.slice(i, i + ROWS_PER_INSERT).map((o) => values(o, true))).returning());
    }
    if (withId.length) {
      await tx.execute(sql`SELECT setval('pharm.pharm_products_id_seq',
        greatest((SELECT max(id) FROM pharm.pharm_products), (SELECT last_value FROM pharm.pharm_products_id_seq)))`);
    }
    for (let i = 0; i < withoutId.length; i += ROWS_PER_INSERT) {
      rows.push(...await tx.insert(pharmProducts).values(withoutId.slice(i, i + ROWS_PER_INSERT).map((o) => values(o, false))).returning());
    }
    return rows;
  }

  /** Changed offers in one statement. */
  private async updateRows(tx: Tx, changes: { row: OfferRow; next: OfferFields }[], now: Date): Promise<OfferRow[]> {
    if (!changes.length) return [];
    const column = <T>(pick: (f: OfferFields) => T) => sql.param(changes.map((c) => pick(c.next)));
    const ids = changes.map((c) => c.row.id);
    await tx.execute(sql`UPDATE pharm.pharm_products pp SET price = u.price, original_price = u.original_price, in_stock = u.in_stock,
        amount = u.amount, always_in_stock = u.always_in_stock, published = u.published, expires_at = u.expires_at, is_popular = u.is_popular, is_new = u.is_new,
        is_promoted = u.is_promoted, is_yarpa_locked = u.is_yarpa_locked, updated_at = ${now.toISOString()}::timestamptz, confirmed_at = ${now.toISOString()}::timestamptz
      FROM unnest(${sql.param(ids)}::int[], ${column((f) => f.price)}::int[], ${column((f) => f.originalPrice)}::int[],
        ${column((f) => f.inStock)}::bool[], ${column((f) => f.amount)}::int[], ${column((f) => f.alwaysInStock)}::bool[], ${column((f) => f.published)}::bool[],
        ${column((f) => f.expiresAt?.toISOString() ?? null)}::timestamptz[], ${column((f) => f.isPopular)}::bool[],
        ${column((f) => f.isNew)}::bool[], ${column((f) => f.isPromoted)}::bool[], ${column((f) => f.isYarpaLocked)}::bool[])
        AS u(id, price, original_price, in_stock, amount, always_in_stock, published, expires_at, is_popular, is_new, is_promoted, is_yarpa_locked)
      WHERE pp.id = u.id`);
    return tx.select().from(pharmProducts).where(inArray(pharmProducts.id, ids));
  }
}

/** The pharmacy a back-office request names, as its reader found it (404 otherwise). */

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

/** A pharmacy's `updatedAt` says how fresh its prices and stock are, so any change to its offers moves it. */
async function touchPharmacy(tx: Tx, pharmId: number, now: Date): Promise<void> {
  await tx.update(pharmacies).set({ updatedAt: now }).where(eq(pharmacies.id, pharmId));
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
