import { Inject, Injectable } from '@nestjs/common';
import { Messages } from '@mc/contracts';
import { Clock, DATABASE, notFound, type Database, type Tx } from '@mc/kit';
import { and, eq, inArray } from 'drizzle-orm';
import { discountProducts, discounts, pharmacies, pharmProducts } from '../db/schema';
import { discountInputError, type DiscountInput, type DiscountRow } from './discount-rules';

const sameTime = (a: Date, b: Date) => a.getTime() === b.getTime();

function differs(row: DiscountRow, input: DiscountInput): boolean {
  return row.code !== input.code || row.name !== input.name || row.type !== input.type || row.amountType !== input.amountType
    || row.amount !== input.amount || row.published !== input.published || row.allowMultiple !== input.allowMultiple
    || row.newCustomersOnly !== input.newCustomersOnly || !sameTime(row.startsAt, input.startsAt) || !sameTime(row.endsAt, input.endsAt);
}

const sorted = (ids: number[]) => [...new Set(ids)].sort((x, y) => x - y);
const sameIds = (a: number[], b: number[]) => sorted(a).join(',') === sorted(b).join(',');

/**
 * A pharmacy's discounts, written whole (the seed's way; the back office will edit them one by one next). Matched by
 * code (any case); unchanged ones are left alone, so running it again with the same input changes nothing.
 */
@Injectable()
export class DiscountsWriter {
  constructor(@Inject(DATABASE) private readonly db: Database, @Inject(Clock) private readonly clock: Clock) {}

  async replaceForPharm(pharmSlug: string, inputs: DiscountInput[]): Promise<{ inserted: number; updated: number; removed: number }> {
    const codes = new Set<string>();
    for (const input of inputs) {
      const error = discountInputError(input);
      if (error) throw new Error(`discount ${input.code} of ${pharmSlug}: ${error}`);
      if (codes.has(input.code.toUpperCase())) throw new Error(`${pharmSlug} has discount ${input.code} twice`);
      codes.add(input.code.toUpperCase());
    }
    return this.db.transaction(async (tx) => {
      const [pharm] = await tx.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.slug, pharmSlug)).for('update');
      if (!pharm) throw notFound(Messages.pharmNotFound);
      const offerIds = await this.offerIds(tx, pharm.id, inputs.flatMap((i) => i.productSlugs), pharmSlug);
      const existing = await tx.select().from(discounts).where(eq(discounts.pharmId, pharm.id));
      const linked = existing.length
        ? await tx.select().from(discountProducts).where(inArray(discountProducts.discountId, existing.map((d) => d.id)))
        : [];
      const byCode = new Map(existing.map((d) => [d.code.toUpperCase(), d]));
      const now = this.clock.now();
      const counts = { inserted: 0, updated: 0, removed: 0 };
      for (const input of inputs) {
        const { productSlugs, ...fields } = input;
        const ids = productSlugs.map((slug) => offerIds.get(slug)!);
        const row = byCode.get(input.code.toUpperCase());
        let id: number;
        if (!row) {
          [{ id }] = await tx.insert(discounts).values({ ...fields, pharmId: pharm.id, createdAt: now, updatedAt: now }).returning({ id: discounts.id });
          counts.inserted++;
        } else {
          id = row.id;
          const current = linked.filter((l) => l.discountId === id).map((l) => l.pharmProductId);
          const productsChanged = !sameIds(current, ids);
          if (!differs(row, input) && !productsChanged) continue;
          await tx.update(discounts).set({ ...fields, updatedAt: now }).where(eq(discounts.id, id));
          counts.updated++;
          if (!productsChanged) continue;
          await tx.delete(discountProducts).where(eq(discountProducts.discountId, id));
        }
        if (ids.length) await tx.insert(discountProducts).values([...new Set(ids)].map((pharmProductId) => ({ discountId: id, pharmProductId })));
      }
      const gone = existing.filter((d) => !codes.has(d.code.toUpperCase()));
      if (gone.length) await tx.delete(discounts).where(inArray(discounts.id, gone.map((d) => d.id)));
      counts.removed = gone.length;
      return counts;
    });
  }

  private async offerIds(tx: Tx, pharmId: number, slugs: string[], pharmSlug: string): Promise<Map<string, number>> {
    if (!slugs.length) return new Map();
    const rows = await tx
      .select({ id: pharmProducts.id, productSlug: pharmProducts.productSlug })
      .from(pharmProducts)
      .where(and(eq(pharmProducts.pharmId, pharmId), inArray(pharmProducts.productSlug, [...new Set(slugs)])));
    const ids = new Map(rows.map((r) => [r.productSlug, r.id]));
    const missing = slugs.find((s) => !ids.has(s));
    if (missing) throw new Error(`a discount of ${pharmSlug} names ${missing}, which the pharmacy does not offer`);
    return ids;
  }
}
