import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels, ErrorCodes, Messages, USER_ORDERS_PER_PAGE,
  type CustomerOrder, type OrderNotice, type OrdersBatch, type UserOrdersResponse,
} from '@mc/contracts';
import { DATABASE, serviceError, type Database } from '@mc/kit';
import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { batches, orderItems, orders } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
/** What the readers show of an order's item. */
export type OrderItemFields = Pick<ItemRow, 'pharmProductId' | 'productSlug' | 'name' | 'amount' | 'unitPrice' | 'listPrice'>;

/**
 * An order's items (in their order) as a column of its own row, built by PostgreSQL: a page of orders and their items
 * in one round trip (two statements cost a second round trip, most of it in socket writes). The outer row is named
 * with its table: drizzle writes a column of the selected table unqualified, which inside the subquery would be the item's.
 */
export const orderItemsColumn = sql<OrderItemFields[]>`(SELECT coalesce(json_agg(json_build_object(
  'pharmProductId', i.pharm_product_id, 'productSlug', i.product_slug, 'name', i.name, 'amount', i.amount,
  'unitPrice', i.unit_price, 'listPrice', i.list_price) ORDER BY i.id), '[]'::json)
  FROM ${orderItems} i WHERE i.order_id = ${orders}.id)`;

/** An order's columns and its items. */
export const orderWithItems = { ...getTableColumns(orders), items: orderItemsColumn };
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
const userOrdersPage = (db: Database) => db
  .select({ ...orderWithItems, matching: sql<number>`count(*) OVER ()::int` })
  .from(orders)
  .where(eq(orders.userId, sql.placeholder('userId')))
  .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC NULLS LAST`)
  .limit(USER_ORDERS_PER_PAGE)
  .offset(sql.placeholder('offset'))
  .prepare('order_user_orders_page');

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
    const rows = conditions.length === 1
      ? await this.pageQuery.execute({ userId, offset })
      : await this.db
        .select({ ...orderWithItems, matching: sql<number>`count(*) OVER ()::int` })
        .from(orders)
        .where(where)
        .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC NULLS LAST`)
        .limit(USER_ORDERS_PER_PAGE)
        .offset(offset);
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
