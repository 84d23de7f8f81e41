import { Inject, Injectable } from '@nestjs/common';
import {
  BusinessMessages, DiscountMessages, ErrorCodes, Messages, shekelsToAgorot,
  type BusinessDiscount, type DiscountCodeRequest, type DiscountCreateCommand, type DiscountFields, type DiscountUpdateCommand,
} from '@mc/contracts';
import { badRequest, Clock, DATABASE, notFound, serviceError, type Database, type Tx } from '@mc/kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { discountProducts, discounts, pharmacies, pharmProducts } from '../db/schema';
import { discountInputError, type DiscountInput, type DiscountRow } from './discount-rules';
import { DiscountsReader } from './discounts.reader';

const sameTime = (a: Date, b: Date) => a.getTime() === b.getTime();

function differs(row: DiscountRow, input: DiscountInput): boolean {
  return row.code !== input.code || row.name !== input.name || row.type !== input.type || row.amountType !== input.amountType
    || row.amount !== input.amount || row.published !== input.published || row.allowMultiple !== input.allowMultiple
    || row.newCustomersOnly !== input.newCustomersOnly || !sameTime(row.startsAt, input.startsAt) || !sameTime(row.endsAt, input.endsAt);
}

const sorted = (ids: number[]) => [...new Set(ids)].sort((x, y) => x - y);
const sameIds = (a: number[], b: number[]) => sorted(a).join(',') === sorted(b).join(',');

/** A discount's columns from the back office's fields (validated by `DiscountFields`): §5's rules, amounts in agorot. */
function discountColumns(fields: DiscountFields) {
  const needsProducts = fields.type === 'specific-products' || fields.amountType === 'price';
  if (fields.amountType === 'price' && fields.type !== 'coupon') throw badRequest(Messages.badRequest);
  const startsAt = new Date(fields.startDate);
  const endsAt = new Date(fields.endDate);
  if (endsAt < startsAt) throw badRequest(BusinessMessages.endBeforeStart);
  return {
    columns: {
      code: fields.code.trim(),
      name: fields.name.trim(),
      type: fields.type,
      amountType: fields.amountType,
      amount: fields.amountType === 'percent' ? fields.amount : shekelsToAgorot(fields.amount),
      published: fields.published,
      allowMultiple: fields.type === 'all-products' && fields.allowMultiple,
      newCustomersOnly: fields.type === 'coupon' && fields.newCustomersOnly,
      startsAt,
      endsAt,
    },
    // An all-products discount covers every offer: any offers sent with it are not kept.
    pharmProductIds: fields.type === 'all-products' ? [] : [...new Set(fields.pharmProductIds)],
    needsProducts,
  };
}

const codeTaken = () => serviceError(409, ErrorCodes.conflict, BusinessMessages.codeTaken);

/** The unique index on upper(code) refused the row: another discount, of any pharmacy, has the code. */
function isCodeTaken(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'discounts_code_key') return true;
  }
  return false;
}

/**
 * Every change to discounts: the seed writes a pharmacy's whole (`replaceForPharm`, matched by code in any case, unchanged
 * ones left alone, so running it again changes nothing); the back office creates, changes and removes them one by one.
 */
@Injectable()
export class DiscountsWriter {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(DiscountsReader) private readonly reader: DiscountsReader,
  ) {}

  /**
   * The back office's new discount. Discounts are read live by checkout (quote, coupon check, order): no public list
   * or cache holds them, so there is no event to send.
   */
  async create(command: DiscountCreateCommand): Promise<BusinessDiscount> {
    const { columns, pharmProductIds, needsProducts } = discountColumns(command);
    try {
      return await this.db.transaction(async (tx) => {
        const pharmId = await this.reader.pharmIdOf(command.businessId, tx);
        await this.assertOffers(tx, pharmId, pharmProductIds, needsProducts);
        const now = this.clock.now();
        const [row] = await tx.insert(discounts).values({ ...columns, pharmId, createdAt: now, updatedAt: now }).returning();
        if (pharmProductIds.length) await tx.insert(discountProducts).values(pharmProductIds.map((pharmProductId) => ({ discountId: row.id, pharmProductId })));
        return (await this.reader.withProducts(tx, [row]))[0];
      });
    } catch (error) {
      if (isCodeTaken(error)) throw codeTaken();
      throw error;
    }
  }

  /** The back office's change of the discount `currentCode` names (any case); the code itself may change too. */
  async update(command: DiscountUpdateCommand): Promise<BusinessDiscount> {
    const { columns, pharmProductIds, needsProducts } = discountColumns(command);
    try {
      return await this.db.transaction(async (tx) => {
        const pharmId = await this.reader.pharmIdOf(command.businessId, tx);
        const current = await this.reader.rowByCode(tx, pharmId, command.currentCode, true);
        if (!current) throw notFound(DiscountMessages.notFound);
        await this.assertOffers(tx, pharmId, pharmProductIds, needsProducts);
        const [row] = await tx.update(discounts).set({ ...columns, updatedAt: this.clock.now() }).where(eq(discounts.id, current.id)).returning();
        await tx.delete(discountProducts).where(eq(discountProducts.discountId, row.id));
        if (pharmProductIds.length) await tx.insert(discountProducts).values(pharmProductIds.map((pharmProductId) => ({ discountId: row.id, pharmProductId })));
        return (await this.reader.withProducts(tx, [row]))[0];
      });
    } catch (error) {
      if (isCodeTaken(error)) throw codeTaken();
      throw error;
    }
  }

  /** The back office's removal of one discount (its offers' links go with it). */
  async remove(request: DiscountCodeRequest): Promise<{ ok: true }> {
    const pharmId = await this.reader.pharmIdOf(request.businessId);
    const [gone] = await this.db.delete(discounts)
      .where(and(eq(discounts.pharmId, pharmId), sql`upper(${discounts.code}) = upper(${request.code.trim()})`))
      .returning({ id: discounts.id });
    if (!gone) throw notFound(DiscountMessages.notFound);
    return { ok: true };
  }

  /** Every id must be an offer of this pharmacy (400 otherwise); §5: some kinds need at least one. */
  private async assertOffers(tx: Tx, pharmId: number, ids: number[], needed: boolean): Promise<void> {
    if (needed && !ids.length) throw badRequest(BusinessMessages.required);
    if (!ids.length) return;
    const found = await tx.select({ id: pharmProducts.id }).from(pharmProducts).where(and(eq(pharmProducts.pharmId, pharmId), inArray(pharmProducts.id, ids)));
    if (found.length !== ids.length) throw badRequest(DiscountMessages.productNotOffered);
  }

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
