import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels, ErrorCodes, Messages, USER_ORDERS_PER_PAGE,
  type CustomerOrder, type OrderNotice, type OrdersBatch, type UserOrdersResponse,
} from '@mc/contracts';
import { DATABASE, serviceError, type Database } from '@mc/kit';
import { and, asc, eq, getTableColumns, sql, type Placeholder, type SQL, type Subquery } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { batches, orderItems, orders } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
/** What the readers show of an order's item. */
export type OrderItemFields = Pick<ItemRow, 'pharmProductId' | 'productSlug' | 'name' | 'amount' | 'unitPrice' | 'listPrice'>;

/** An order's items (in their order) as JSON built by PostgreSQL, for the order whose id is `orderId`. */
const itemsJson = (orderId: SQL) => sql<OrderItemFields[]>`(SELECT coalesce(json_agg(json_build_object(
  'pharmProductId', i.pharm_product_id, 'productSlug', i.product_slug, 'name', i.name, 'amount', i.amount,
  'unitPrice', i.unit_price, 'listPrice', i.list_price) ORDER BY i.id), '[]'::json)
  FROM ${orderItems} i WHERE i.order_id = ${orderId})`;

/**
 * An order's columns and its items, in one round trip (a second statement for the items cost a second round trip,
 * most of it in socket writes). For a few orders with no OFFSET (a batch); a page uses `pageWithItems`. The outer
 * row is named with its table: drizzle writes a column of the selected table unqualified, which inside the subquery
 * would be the item's.
 */
export const orderWithItems = { ...getTableColumns(orders), items: itemsJson(sql`${orders}.id`) };

/** Newest first, as every list of orders is ordered (of the orders table, or of a page of it). */
export const newestFirst = (t: { createdAt: unknown; id: unknown }): SQL[] => [sql`${t.createdAt} DESC NULLS LAST`, sql`${t.id} DESC NULLS LAST`];

/** `newestFirst` of a page (`pageWithItems`). */
export const PAGE_NEWEST_FIRST = newestFirst({ createdAt: sql.raw('"page".created_at'), id: sql.raw('"page".id') });

/**
 * A page of orders (`page`: a select of the orders' columns, ordered, cut by LIMIT and OFFSET, aliased `page`) with each
 * order's items, in one round trip. The items are built for the page's rows only: as a column of the inner select
 * they would be built for every row its OFFSET skips, and under a window count for every row counted. `order` orders
 * the page again (its inner order, on the page's columns: `PAGE_NEWEST_FIRST`).
 */
export function pageWithItems(db: Database, page: Subquery<'page'>, order: SQL[]) {
  // drizzle's types cannot spread a generic subquery's fields; the rows are typed by the callers (`OrderPage`).
  const fields = page._.selectedFields as SelectedFields;
  return db.select({ ...fields, items: itemsJson(sql.raw('"page".id')) }).from(page as never).orderBy(...order);
}

/** A page's rows: the orders' columns (and what the page adds) with their items. */
export type OrderPage<Extra = object> = (OrderRow & Extra & { items: OrderItemFields[] })[];

type OrderWithItems = OrderRow & { items: OrderItemFields[] };

export const orderNotFound = () => serviceError(404, ErrorCodes.notFound, Messages.orderNotFound);

/** Spec 3's order as the patient sees it (shekels). */
export function toCustomerOrder(o: OrderRow, items: OrderItemFields[]): CustomerOrder {
  const delivered = new Set(o.documentsDelivered);
  return {
    id: o.id,
    batchUid: o.batchUid,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    pharm: { slug: o.pharmSlug, name: o.pharmName, phone: o.pharmPhone, address: o.pharmAddress, city: o.pharmCity },
    firstName: o.firstName,
    lastName: o.lastName,
    pickup: o.pickup,
    address: o.pickup || o.address === null ? null : { address: o.address, houseNumber: o.houseNumber ?? '', floor: o.floor, apartment: o.apartment },
    notes: o.notes,
    productsCount: items.reduce((n, i) => n + i.amount, 0),
    items: items.map((i) => ({
      pharmProductId: i.pharmProductId, productSlug: i.productSlug, name: i.name, amount: i.amount, price: agorotToShekels(i.unitPrice), originalPrice: agorotToShekels(i.listPrice),
    })),
    cartCostTotalPrice: agorotToShekels(o.itemsTotal),
    cartCostDiscountsTotalAmount: agorotToShekels(o.discountsTotal),
    shippingCostTotalPrice: agorotToShekels(o.shippingPrice),
    totalPrice: agorotToShekels(o.total),
    discounts: o.discounts,
    identification: { idDocument: delivered.has('idDocument'), licenseDocument: delivered.has('licenseDocument'), prescriptionDocument: delivered.has('prescriptionDocument') },
    documents: o.documents,
  };
}

/** The patient's page of orders without a search (most openings), with their items, prepared on each connection. */
/** The user's orders matching `where`, newest first, a page from `offset`, each with the number of them all (`matching`). */
const userOrdersPageOf = (db: Database, where: SQL | undefined, offset: number | Placeholder) => pageWithItems(db, db
  // `matching`, not `total`: the order's own total must not be shadowed.
  .select({ ...getTableColumns(orders), matching: sql<number>`count(*) OVER ()::int`.as('matching') })
  .from(orders)
  .where(where)
  .orderBy(...newestFirst(orders))
  .limit(USER_ORDERS_PER_PAGE)
  .offset(offset)
  .as('page'), PAGE_NEWEST_FIRST);

/** The patient's page of orders without a search (most openings), prepared on each connection. */
const userOrdersPage = (db: Database) => userOrdersPageOf(db, eq(orders.userId, sql.placeholder('userId')), sql.placeholder('offset')).prepare('order_user_orders_page');

/** The patient's orders and what notifications reads of them. */
@Injectable()
export class OrdersReader {
  private readonly pageQuery: ReturnType<typeof userOrdersPage>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.pageQuery = userOrdersPage(db);
  }

  /** One of the user's batches (another user's: 404, as an unknown one). */
  async batch(userId: number, uid: string): Promise<OrdersBatch> {
    const [batch] = await this.db.select().from(batches).where(and(eq(batches.uid, uid), eq(batches.userId, userId)));
    if (!batch) throw orderNotFound();
    const rows = await this.db.select(orderWithItems).from(orders).where(eq(orders.batchUid, uid)).orderBy(asc(orders.id));
    return { uid, createdAt: batch.createdAt.toISOString(), orders: rows.map((o) => toCustomerOrder(o, o.items)) };
  }

  /** The user's orders, newest first, searched by order id, pharmacy name or product name; `order` alone that one. */
  async userOrders(userId: number, search: string | undefined, page = 1, order?: number): Promise<UserOrdersResponse> {
    const conditions: SQL[] = [eq(orders.userId, userId)];
    if (order !== undefined) conditions.push(eq(orders.id, order));
    const text = search?.trim();
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const byId = /^\d{1,9}$/.test(text) ? sql`${orders.id} = ${Number(text)} OR ` : sql``;
      conditions.push(sql`(${byId}${orders.pharmName} ILIKE ${like} OR EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id} AND ${orderItems.name} ILIKE ${like}))`);
    }
    const where = and(...conditions);
    // The page and the number of matching orders in one round trip (it rides on each row, beside the order's own
    // `total`, which it must not shadow); past the last page, a count alone.
    const offset = (page - 1) * USER_ORDERS_PER_PAGE;
    const rows = (conditions.length === 1 ? await this.pageQuery.execute({ userId, offset }) : await userOrdersPageOf(this.db, where, offset)) as OrderPage<{ matching: number }>;
    const total = rows.length ? rows[0].matching : page === 1 ? 0 : (await this.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where))[0].n;
    return { orders: rows.map((o) => toCustomerOrder(o, o.items)), total, perPage: USER_ORDERS_PER_PAGE, currentPage: page };
  }

  /** What notifications tells the pharmacies and the patient: the batch's orders (or one of them), with the customer. */
  async notice(batchUid: string, orderId?: number): Promise<OrderNotice> {
    const rows: OrderWithItems[] = await this.db
      .select(orderWithItems)
      .from(orders)
      .where(orderId === undefined ? eq(orders.batchUid, batchUid) : and(eq(orders.batchUid, batchUid), eq(orders.id, orderId)))
      .orderBy(asc(orders.id));
    if (!rows.length) throw orderNotFound();
    const first = rows[0];
    return {
      batchUid,
      customer: { firstName: first.firstName, lastName: first.lastName, email: first.email, phone: first.phone },
      orders: rows.map((row) => ({ ...toCustomerOrder(row, row.items), orderEmail: row.pharmOrderEmail })),
    };
  }
}
