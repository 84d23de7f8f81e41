import { Inject, Injectable } from '@nestjs/common';
import { Messages } from '@mc/contracts';
import { Clock, DATABASE, notFound, type Database, type Tx } from '@mc/kit';
import { eq, inArray, sql } from 'drizzle-orm';
import { pharmacies, pharmProducts } from '../db/schema';
import { OfferChanges } from '../offers/offer-changes';
import { assertValidOffer, differs, fieldsOf, type OfferFields, type OfferInput } from '../offers/offer-fields';
import type { OfferRow } from '../offers/offer-view';

const ROWS_PER_INSERT = 1000;

/** The seed's (and the tests' data's) offers: a pharmacy's offers made those given, each change through OfferChanges. */
@Injectable()
export class SeedOffersWriter {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OfferChanges) private readonly changes: OfferChanges,
  ) {}

  /**
   * Makes a pharmacy's offers those given (by product): new ones inserted, changed ones updated,
   * unchanged ones left alone (no event), and, with `removeMissing`, the others deleted. Idempotent.
   */
  async replaceForPharm(pharmSlug: string, offers: OfferInput[], { removeMissing = true } = {}): Promise<{ inserted: number; updated: number; removed: number }> {
    offers.forEach(assertValidOffer);
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
      await this.changes.emit(tx, [
        ...[...inserted, ...updated].map((row) => ({ row, pharmSlug: pharm.slug })),
        ...gone.map((row) => ({ row, pharmSlug: pharm.slug, removed: true })),
      ], now);
      return { inserted: inserted.length, updated: updated.length, removed: gone.length };
    });
    if (counts.inserted + counts.updated + counts.removed > 0) this.changes.committed();
    return counts;
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
