import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels, BUSINESS_PAGE_SIZE, DiscountMessages, Messages, type BusinessDiscount, type BusinessDiscountsPage, type CouponRecord,
  type DiscountProductOption, type DiscountProductOptionsPage,
} from '@mc/contracts';
import { DATABASE, notFound, type Database, type Tx } from '@mc/kit';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { businessPharm } from '../common/business-pharm';
import { searchCondition } from '../common/search';
import { discountProducts, discounts, pharmacies, pharmProducts, productsView } from '../db/schema';
import { DiscountRow } from './discount-rules';

/** A discount's amount as the back office shows it: percent as stored, fixed and price amounts in shekels. */
const amountOf = (row: Pick<DiscountRow, 'amountType' | 'amount'>): number => (row.amountType === 'percent' ? row.amount : agorotToShekels(row.amount));

const optionColumns = {
  id: pharmProducts.id,
  name: sql<string>`coalesce(${productsView.name}, ${pharmProducts.productSlug})`,
  price: pharmProducts.price,
};

@Injectable()
export class DiscountsReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** A published coupon of a live pharmacy by code, any case (dates included: an expired one too, order tells EXPIRED); else 404. */
  async coupon(code: string): Promise<CouponRecord> {
    const [row] = await this.db
      .select({ discount: discounts, pharmSlug: pharmacies.slug, pharmName: pharmacies.name })
      .from(discounts)
      .innerJoin(pharmacies, eq(pharmacies.id, discounts.pharmId))
      .where(and(sql`upper(${discounts.code}) = upper(${code.trim()})`, eq(discounts.type, 'coupon'), eq(discounts.published, true), eq(pharmacies.state, 'live')))
      .limit(1);
    if (!row) throw notFound(Messages.couponNotFound);
    const d = row.discount;
    return {
      pharmSlug: row.pharmSlug,
      pharmName: row.pharmName,
      code: d.code,
      name: d.name,
      amountType: d.amountType,
      amount: d.amount,
      newCustomersOnly: d.newCustomersOnly,
      startsAt: d.startsAt.toISOString(),
      endsAt: d.endsAt.toISOString(),
    };
  }

  /** The pharmacy a back-office request names (404 for a business that is not a pharmacy). */
  async pharmIdOf(businessId: string, db: Database | Tx = this.db): Promise<number> {
    return (await businessPharm(db, businessId)).id;
  }

  /** `pharm.business.discounts`: the pharmacy's discounts, newest first. */
  async page(businessId: string, page = 1): Promise<BusinessDiscountsPage> {
    const pharmId = await this.pharmIdOf(businessId);
    const perPage = BUSINESS_PAGE_SIZE.discounts;
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(discounts).where(eq(discounts.pharmId, pharmId))
        .orderBy(desc(discounts.createdAt), desc(discounts.id)).limit(perPage).offset((page - 1) * perPage),
      this.db.select({ total: count() }).from(discounts).where(eq(discounts.pharmId, pharmId)),
    ]);
    return { discounts: await this.withProducts(this.db, rows), total, perPage, currentPage: page };
  }

  /** `pharm.business.discount-get`: one discount of the pharmacy by code (any case); 404 when it has none such. */
  async get(businessId: string, code: string): Promise<BusinessDiscount> {
    const pharmId = await this.pharmIdOf(businessId);
    const row = await this.rowByCode(this.db, pharmId, code);
    if (!row) throw notFound(DiscountMessages.notFound);
    return (await this.withProducts(this.db, [row]))[0];
  }

  async rowByCode(db: Database | Tx, pharmId: number, code: string, forUpdate = false): Promise<DiscountRow | undefined> {
    const query = db.select().from(discounts).where(and(eq(discounts.pharmId, pharmId), sql`upper(${discounts.code}) = upper(${code.trim()})`)).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  /** The rows as the back office shows them, each with its offers (name and price before discounts). */
  async withProducts(db: Database | Tx, rows: DiscountRow[]): Promise<BusinessDiscount[]> {
    const links = rows.length
      ? await db.select({ discountId: discountProducts.discountId, ...optionColumns })
        .from(discountProducts)
        .innerJoin(pharmProducts, eq(pharmProducts.id, discountProducts.pharmProductId))
        .leftJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
        .where(inArray(discountProducts.discountId, rows.map((r) => r.id)))
        .orderBy(asc(pharmProducts.id))
      : [];
    return rows.map((row) => ({
      code: row.code,
      name: row.name,
      type: row.type,
      amount: amountOf(row),
      amountType: row.amountType,
      published: row.published,
      allowMultiple: row.allowMultiple,
      newCustomersOnly: row.newCustomersOnly,
      startDate: row.startsAt.toISOString(),
      endDate: row.endsAt.toISOString(),
      pharmProducts: links.filter((l) => l.discountId === row.id).map(toOption),
    }));
  }

  /** `pharm.business.discount-product-options`: the pharmacy's offers for the discount's product picker, by name. */
  async productOptions(businessId: string, page = 1, search?: string): Promise<DiscountProductOptionsPage> {
    const pharmId = await this.pharmIdOf(businessId);
    const perPage = BUSINESS_PAGE_SIZE.discountProductOptions;
    const where = and(eq(pharmProducts.pharmId, pharmId), searchCondition(sql`coalesce(${productsView.searchText}, '')`, search));
    const [rows, [{ total }]] = await Promise.all([
      this.db.select(optionColumns).from(pharmProducts)
        .leftJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
        .where(where)
        .orderBy(asc(optionColumns.name), asc(pharmProducts.id))
        .limit(perPage).offset((page - 1) * perPage),
      this.db.select({ total: count() }).from(pharmProducts).leftJoin(productsView, eq(productsView.slug, pharmProducts.productSlug)).where(where),
    ]);
    return { pharmProducts: rows.map(toOption), total, perPage, currentPage: page };
  }
}

const toOption = (row: { id: number; name: string; price: number }): DiscountProductOption => ({ id: row.id, name: row.name, originalPrice: agorotToShekels(row.price) });
