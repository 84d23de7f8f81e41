import { Inject, Injectable } from '@nestjs/common';
import {
  discountedUnitPrice, isShownInStock,
  type CartItemDto, type CheckoutOffer, type CheckoutOffers, type CheckoutOffersRequest, type CheckoutPharm, type DiscountTerms, type ResolvedCart,
} from '@mc/contracts';
import { Clock, DATABASE, type Database } from '@mc/kit';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { pharmProducts, productsView } from '../db/schema';
import { isDiscountActive, toTerms, type DiscountRow } from '../discounts/discount-rules';
import { offerCardColumns, toPharmProduct } from '../offers/offer-view';
import { PharmDirectory } from '../offers/pharm-directory';
import { momentOf, toPharm } from '../common/pharm-view';

interface OfferRecord extends Record<string, unknown> {
  id: number;
  pharm_id: number;
  product_slug: string;
  price: number;
  published: boolean;
  in_stock: boolean;
  always_in_stock: boolean;
  confirmed_at: string | Date;
  expires_at: string | Date | null;
  product_name: string;
  pharm_slug: string;
  pharm_name: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  order_email: string | null;
}

interface DiscountRecord extends Record<string, unknown> {
  pharm_id: number;
  code: string;
  name: string;
  type: DiscountRow['type'];
  amount_type: DiscountRow['amountType'];
  amount: number;
  published: boolean;
  allow_multiple: boolean;
  starts_at: string | Date;
  ends_at: string | Date;
  offer_ids: number[];
}

/**
 * A cart's lines read from the rows (never the offer index: a cart must see the committed price and stock): as the cart
 * page shows them (`resolve`), and as checkout prices them (`offers`).
 */
@Injectable()
export class CartOffersReader {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PharmDirectory) private readonly directory: PharmDirectory,
  ) {}

  /**
   * A cart's lines with their offers as shown now, unpublished and out-of-stock ones included (the cart
   * tells the shopper to remove them); an offer whose product, pharmacy or row is gone resolves to null.
   */
  async resolve(items: CartItemDto[]): Promise<ResolvedCart> {
    const ids = items.map((item) => item.pharmProductId);
    const [rows, { byId: pharms }] = await Promise.all([
      ids.length
        ? this.db
          .select(offerCardColumns)
          .from(pharmProducts)
          .innerJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
          .where(and(eq(productsView.deleted, false), sql`${pharmProducts.id} = ANY(${sql.param(ids)})`))
        : [],
      this.directory.snapshot(),
    ]);
    const moment = momentOf(this.clock.now());
    const offers = new Map(rows.filter((r) => pharms.has(r.offer.pharmId)).map((r) => [r.offer.id, r]));
    return {
      items: items.map(({ pharmProductId, amount }) => {
        const row = offers.get(pharmProductId);
        const pharmProduct = row ? toPharmProduct(row.offer, row.product, toPharm(pharms.get(row.offer.pharmId)!, moment), moment.at) : null;
        return { pharmProductId, amount, pharmProduct };
      }),
    };
  }

  /**
   * The checkout's view of a cart's offers (`pharm.checkout.offers`): two queries run together, the offers with their
   * pharmacies and products, and their pharmacies' discounts (coupons only among the given codes); prices by the
   * contracts' rule. An offer of a pharmacy that is not live (onboarding, suspended) is answered unpublished: nothing is
   * ordered from it.
   */
  async offers(request: CheckoutOffersRequest): Promise<CheckoutOffers> {
    const ids = [...new Set(request.pharmProductIds)];
    if (!ids.length) return { offers: [], pharms: [], discounts: [] };
    const codes = [...new Set((request.couponCodes ?? []).map((c) => c.trim().toUpperCase()))];
    const [offerRows, discountList] = await Promise.all([
      this.db.execute<OfferRecord>(sql`SELECT pp.id, pp.pharm_id, pp.product_slug, pp.price, pp.published AND p.state = 'live' AS published, pp.in_stock, pp.always_in_stock, pp.confirmed_at, pp.expires_at,
          coalesce(nullif(pv.heb_name, ''), pv.name) AS product_name,
          p.slug AS pharm_slug, p.name AS pharm_name, p.phone, p.address, p.city, p.order_email
        FROM pharm.pharm_products pp
        JOIN pharm.pharmacies p ON p.id = pp.pharm_id
        JOIN pharm.products_view pv ON pv.slug = pp.product_slug AND NOT pv.deleted
        WHERE pp.id = ANY(${sql.param(ids)}::int[])`),
      this.discounts(sql`(SELECT pharm_id FROM pharm.pharm_products WHERE id = ANY(${sql.param(ids)}::int[]))`, codes),
    ]);
    const now = this.clock.now();
    const pharmSlugs = new Map<number, string>();
    const pharms = new Map<number, CheckoutPharm>();
    for (const o of offerRows.rows) {
      pharmSlugs.set(o.pharm_id, o.pharm_slug);
      if (!pharms.has(o.pharm_id)) {
        pharms.set(o.pharm_id, { slug: o.pharm_slug, name: o.pharm_name, phone: o.phone, address: o.address, city: o.city, orderEmail: o.order_email });
      }
    }
    const termsOf = new Map<number, DiscountTerms[]>();
    const considered: CheckoutOffers['discounts'] = [];
    for (const { pharmId, terms } of discountList) {
      const pharmSlug = pharmSlugs.get(pharmId);
      if (!pharmSlug) continue;
      termsOf.set(pharmId, [...(termsOf.get(pharmId) ?? []), terms]);
      considered.push({ ...terms, pharmSlug });
    }
    const byId = new Map(offerRows.rows.map((o) => [o.id, o]));
    const offers: CheckoutOffer[] = [];
    for (const id of ids) {
      const o = byId.get(id);
      if (!o) continue;
      const { price, codes: discountCodes } = discountedUnitPrice(o.price, o.id, termsOf.get(o.pharm_id) ?? []);
      // An offer not confirmed lately or past its expiry date is never sold, not even one marked always in stock.
      const lapsed = !isShownInStock({ inStock: true, confirmedAt: o.confirmed_at, expiresAt: o.expires_at }, now);
      offers.push({
        pharmProductId: o.id,
        pharmSlug: o.pharm_slug,
        productSlug: o.product_slug,
        productName: o.product_name,
        published: o.published,
        inStock: o.in_stock && !lapsed,
        alwaysInStock: o.always_in_stock && !lapsed,
        listPrice: o.price,
        price,
        discountCodes,
      });
    }
    considered.sort((a, b) => a.pharmSlug.localeCompare(b.pharmSlug) || a.code.localeCompare(b.code));
    return { offers, pharms: [...pharms.values()], discounts: considered };
  }

  /** The discounts active now of these pharmacies (`pharmIds`: an SQL list or subquery), coupons only among `codes`. */
  async discounts(pharmIds: SQL, codes: string[] = []): Promise<{ pharmId: number; terms: DiscountTerms }[]> {
    const { rows } = await this.db.execute<DiscountRecord>(sql`SELECT d.pharm_id, d.code, d.name, d.type, d.amount_type, d.amount, d.published,
        d.allow_multiple, d.starts_at, d.ends_at,
        coalesce(array_agg(dp.pharm_product_id) FILTER (WHERE dp.pharm_product_id IS NOT NULL), '{}') AS offer_ids
      FROM pharm.discounts d
      LEFT JOIN pharm.discount_products dp ON dp.discount_id = d.id
      WHERE d.pharm_id IN ${pharmIds}
        AND d.published AND (d.type <> 'coupon' OR upper(d.code) = ANY(${sql.param(codes)}::text[]))
      GROUP BY d.id`);
    const now = this.clock.now();
    return rows
      .filter((d) => isDiscountActive({ published: d.published, startsAt: new Date(d.starts_at), endsAt: new Date(d.ends_at) }, now))
      .map((d) => ({
        pharmId: d.pharm_id,
        terms: toTerms({ code: d.code, name: d.name, type: d.type, amountType: d.amount_type, amount: d.amount, allowMultiple: d.allow_multiple }, d.offer_ids.map(Number)),
      }));
  }
}
