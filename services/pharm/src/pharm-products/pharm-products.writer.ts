import { Inject, Injectable } from '@nestjs/common';
import { Events, Messages, shekelsToAgorot, type OfferSnapshot, type PharmProduct, type PharmProductUpdateRequest } from '@mc/contracts';
import { Clock, badRequest, DATABASE, notFound, OutboxRelay, OutboxWriter, type Database, type Tx } from '@mc/kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pharmacies, pharmProducts } from '../db/schema';
import { PharmDirectory } from '../pharms/pharm-directory';
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
    expiresAt: input.expiresAt, isPopular: input.isPopular, isNew: input.isNew, isPromoted: input.isPromoted,
  };
}

function differs(row: OfferRow, next: OfferFields): boolean {
  return row.price !== next.price || row.originalPrice !== next.originalPrice || row.inStock !== next.inStock
    || row.amount !== next.amount || row.alwaysInStock !== next.alwaysInStock || row.published !== next.published || !sameTime(row.expiresAt, next.expiresAt)
    || row.isPopular !== next.isPopular || row.isNew !== next.isNew || row.isPromoted !== next.isPromoted;
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
    @Inject(PharmDirectory) private readonly directory: PharmDirectory,
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
        ...[...inserted, ...updated].map((o) => toSnapshot(o, pharm.slug)),
        ...gone.map((o) => toSnapshot(o, pharm.slug, true)),
      ];
      if (snapshots.length) {
        await touchPharmacy(tx, pharm.id, now);
        await this.publish(tx, snapshots);
      }
      return { inserted: inserted.length, updated: updated.length, removed: gone.length };
    });
    if (counts.inserted + counts.updated + counts.removed > 0) this.afterCommit();
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
      const [saved] = await tx.update(pharmProducts).set({ ...next, updatedAt: now }).where(eq(pharmProducts.id, request.id)).returning();
      await touchPharmacy(tx, found.offer.pharmId, now);
      await this.publish(tx, [toSnapshot(saved, found.pharmSlug)]);
      return true;
    });
    if (changed) this.afterCommit();
    const shown = await this.reader.shownOffer(request.id);
    if (!shown) throw notFound(Messages.productNotFound);
    return shown;
  }

  /** Events for a pharmacy's deleted offers (the pharmacy itself is being removed, its rows go by cascade). */
  async publishRemoved(tx: Tx, pharmId: number, pharmSlug: string): Promise<void> {
    const rows = await tx.select().from(pharmProducts).where(eq(pharmProducts.pharmId, pharmId));
    if (rows.length) await this.publish(tx, rows.map((o) => toSnapshot(o, pharmSlug, true)));
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
    await this.publish(tx, moved.map((m) => toSnapshot(m.offer, m.pharmSlug)));
    return moved.length;
  }

  private async publish(tx: Tx, snapshots: OfferSnapshot[]): Promise<void> {
    for (let i = 0; i < snapshots.length; i += OFFERS_PER_EVENT) {
      await this.outbox.add(tx, Events.pharm.offersChanged, { offers: snapshots.slice(i, i + OFFERS_PER_EVENT) });
    }
  }

  private afterCommit(): void {
    this.relay.poke();
    this.directory.invalidate();
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
        is_promoted = u.is_promoted, updated_at = ${now.toISOString()}::timestamptz
      FROM unnest(${sql.param(ids)}::int[], ${column((f) => f.price)}::int[], ${column((f) => f.originalPrice)}::int[],
        ${column((f) => f.inStock)}::bool[], ${column((f) => f.amount)}::int[], ${column((f) => f.alwaysInStock)}::bool[], ${column((f) => f.published)}::bool[],
        ${column((f) => f.expiresAt?.toISOString() ?? null)}::timestamptz[], ${column((f) => f.isPopular)}::bool[],
        ${column((f) => f.isNew)}::bool[], ${column((f) => f.isPromoted)}::bool[])
        AS u(id, price, original_price, in_stock, amount, always_in_stock, published, expires_at, is_popular, is_new, is_promoted)
      WHERE pp.id = u.id`);
    return tx.select().from(pharmProducts).where(inArray(pharmProducts.id, ids));
  }
}

/** A pharmacy's `updatedAt` says how fresh its prices and stock are, so any change to its offers moves it. */
export async function touchPharmacy(tx: Tx, pharmId: number, now: Date): Promise<void> {
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
  };
}
