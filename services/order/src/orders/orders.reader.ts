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

export const orderNotFound = () => serviceError(404, ErrorCodes.notFound, Messages.orderNotFound);

/** Spec 3's order as the patient sees it (shekels). */
export function toCustomerOrder(o: OrderRow, items: ItemRow[]): CustomerOrder {
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

/** The patient's page of orders without a search (most openings) and any orders' items, built once and prepared on each connection. */
function readerQueries(db: Database) {
  return {
    page: db
      .select({ ...getTableColumns(orders), matching: sql<number>`count(*) OVER ()::int` })
      .from(orders)
      .where(eq(orders.userId, sql.placeholder('userId')))
      .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC NULLS LAST`)
      .limit(USER_ORDERS_PER_PAGE)
      .offset(sql.placeholder('offset'))
      .prepare('order_user_orders_page'),
    items: itemsOfOrders(db),
  };
}

/** The items of the orders `orderIds` (a placeholder), in their order: prepared once per connection. */
export const itemsOfOrders = (db: Database) =>
  db.select().from(orderItems).where(sql`${orderItems.orderId} = ANY(${sql.placeholder('orderIds')}::int[])`).orderBy(asc(orderItems.id)).prepare('order_items_of');

/** The patient's orders and what notifications reads of them. */
@Injectable()
export class OrdersReader {
  private readonly queries: ReturnType<typeof readerQueries>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.queries = readerQueries(db);
  }

  private async withItems(rows: OrderRow[]): Promise<{ row: OrderRow; order: CustomerOrder }[]> {
    if (!rows.length) return [];
    const items = await this.queries.items.execute({ orderIds: rows.map((r) => r.id) });
    return rows.map((row) => ({ row, order: toCustomerOrder(row, items.filter((i) => i.orderId === row.id)) }));
  }

  /** One of the user's batches (another user's: 404, as an unknown one). */
  async batch(userId: number, uid: string): Promise<OrdersBatch> {
    const [batch] = await this.db.select().from(batches).where(and(eq(batches.uid, uid), eq(batches.userId, userId)));
    if (!batch) throw orderNotFound();
    const rows = await this.db.select().from(orders).where(eq(orders.batchUid, uid)).orderBy(asc(orders.id));
    return { uid, createdAt: batch.createdAt.toISOString(), orders: (await this.withItems(rows)).map((o) => o.order) };
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
      ? await this.queries.page.execute({ userId, offset })
      : await this.db
        .select({ ...getTableColumns(orders), matching: sql<number>`count(*) OVER ()::int` })
        .from(orders)
        .where(where)
        .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC NULLS LAST`)
        .limit(USER_ORDERS_PER_PAGE)
        .offset(offset);
    const total = rows.length ? rows[0].matching : page === 1 ? 0 : (await this.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where))[0].n;
    return { orders: (await this.withItems(rows)).map((o) => o.order), total, perPage: USER_ORDERS_PER_PAGE, currentPage: page };
  }

  /** What notifications tells the pharmacies and the patient: the batch's orders (or one of them), with the customer. */
  async notice(batchUid: string, orderId?: number): Promise<OrderNotice> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(orderId === undefined ? eq(orders.batchUid, batchUid) : and(eq(orders.batchUid, batchUid), eq(orders.id, orderId)))
      .orderBy(asc(orders.id));
    if (!rows.length) throw orderNotFound();
    const first = rows[0];
    return {
      batchUid,
      customer: { firstName: first.firstName, lastName: first.lastName, email: first.email, phone: first.phone },
      orders: (await this.withItems(rows)).map(({ row, order }) => ({ ...order, orderEmail: row.pharmOrderEmail })),
    };
  }
}
