import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels, BUSINESS_PAGE_SIZE, ErrorCodes, escapeLike, Events, Messages, OWNER_SETTABLE_STATUSES, Subjects,
  type BusinessOrder, type BusinessOrdersPage, type OrderStatus,
} from '@mc/contracts';
import { BusClient, businessNotFound, Clock, DATABASE, OutboxRelay, OutboxWriter, serviceError, toServiceError, type Caller, type Database } from '@mc/kit';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PiiKeys } from '../pii/pii-keys.service';
import { idNumberReads, orderItems, orders, orderSearchText, pharmacyOrderTotals } from '../db/schema';
import { OrderTransitions } from './order-transitions';
import { itemsOfOrders, orderNotFound, toCustomerOrder } from './orders.reader';

/** How long a slug pharm confirmed as a pharmacy is believed without asking again. */
const KNOWN_PHARMACY_MS = 10 * 60_000;
const MAX_SEARCH_WORDS = 5;
const FINALS: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };

type OrderRow = typeof orders.$inferSelect;

/** The search box: an order id (digits), a phone (digits with or without dashes), or words of a name or an e-mail. */
export function orderSearchCondition(search: string | undefined): { where?: SQL; exactId?: number } {
  const text = search?.normalize('NFC').trim();
  if (!text) return {};
  const haystack = orderSearchText(orders);
  if (/^[\d\s()+-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    const parts: SQL[] = [];
    const exactId = /^\d{1,9}$/.test(text) ? Number(text) : undefined;
    if (exactId !== undefined) parts.push(sql`${orders.id} = ${exactId}`);
    // Fewer than three digits are an order id only (too short for the trigram index, and they would match most phones).
    if (digits.length >= 3) parts.push(sql`${haystack} LIKE ${`%${digits}%`}`);
    return { where: parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`, exactId };
  }
  const words = text
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/[ךםןףץ]/g, (c) => FINALS[c])
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
  if (!words.length) return {};
  // Every word somewhere in the names, the e-mail or the phone ('כהן דנה' finds דנה כהן).
  return { where: and(...words.map((w) => sql`${haystack} LIKE ${`%${escapeLike(w)}%`}`)) };
}

/** Spec §3's order as its pharmacy sees it (shekels); never the ID number itself. */
function toBusinessOrder(o: OrderRow, items: (typeof orderItems.$inferSelect)[]): BusinessOrder {
  const { pharm: _pharm, ...order } = toCustomerOrder(o, items);
  return {
    ...order,
    phone: o.phone,
    email: o.email,
    hasIdNumber: o.idNumberCiphertext !== null,
    cartCostDiscountsOriginalPrice: agorotToShekels(o.listTotal),
    discounts: o.discounts.map((d) => ({ code: d.code, name: d.name })),
  };
}

/** A pharmacy's side of its orders (the business slug is the pharmacy's slug): statuses and the ID number. */
/** The order table's reads without a search (most openings), built once and prepared on each connection. */
function tableQueries(db: Database) {
  return {
    page: db
      .select()
      .from(orders)
      .where(eq(orders.pharmSlug, sql.placeholder('pharmSlug')))
      .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC NULLS LAST`)
      .limit(BUSINESS_PAGE_SIZE.orders)
      .offset(sql.placeholder('offset'))
      .prepare('order_table_page'),
    total: db.select({ total: pharmacyOrderTotals.orders }).from(pharmacyOrderTotals).where(eq(pharmacyOrderTotals.pharmSlug, sql.placeholder('pharmSlug'))).prepare('order_table_total'),
    items: itemsOfOrders(db),
  };
}

@Injectable()
export class BusinessOrdersService {
  private readonly pharmacies = new Map<string, number>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OrderTransitions) private readonly transitions: OrderTransitions,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(PiiKeys) private readonly keys: PiiKeys,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {
    this.queries = tableQueries(db);
  }

  private readonly queries: ReturnType<typeof tableQueries>;

  /**
   * 404 unless the business is a pharmacy: the guard lets admins name any business and members any of theirs (a
   * cannabis company too). A slug orders were placed with is one; otherwise pharm is asked (and its yes remembered).
   */
  async ensurePharmacy(pharmSlug: string): Promise<void> {
    const known = this.pharmacies.get(pharmSlug);
    if (known !== undefined && this.clock.millis() - known < KNOWN_PHARMACY_MS) return;
    const [withOrders] = await this.db.select({ id: orders.id }).from(orders).where(eq(orders.pharmSlug, pharmSlug)).limit(1);
    if (!withOrders) {
      try {
        await this.bus.request(Subjects.pharm.pharmGet, { slug: pharmSlug, anyState: true });
      } catch (err) {
        if (toServiceError(err).status === 404) throw businessNotFound();
        throw err;
      }
    }
    if (this.pharmacies.size > 10_000) this.pharmacies.clear();
    this.pharmacies.set(pharmSlug, this.clock.millis());
  }

  /** The order table: the pharmacy's orders newest first (an exact order id first), searched, a page at a time. */
  async list(pharmSlug: string, page = 1, search?: string): Promise<BusinessOrdersPage> {
    await this.ensurePharmacy(pharmSlug);
    const perPage = BUSINESS_PAGE_SIZE.orders;
    const { where: searched, exactId } = orderSearchCondition(search);
    const where = and(eq(orders.pharmSlug, pharmSlug), searched);
    const order: SQL[] = exactId !== undefined ? [sql`(${orders.id} = ${exactId}) DESC`] : [];
    // The page and the count apart: a count riding on each row (count(*) OVER ()) would read every order of a busy
    // pharmacy's table for each page. Without a search the count is the pharmacy's figure the order triggers keep.
    const offset = (page - 1) * perPage;
    const [rows, total] = await Promise.all([
      searched
        ? this.db
          .select()
          .from(orders)
          .where(where)
          .orderBy(...order, sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC NULLS LAST`)
          .limit(perPage)
          .offset(offset)
        : this.queries.page.execute({ pharmSlug, offset }),
      searched
        ? this.db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where).then(([row]) => row.total)
        : this.queries.total.execute({ pharmSlug }).then(([row]) => row?.total ?? 0),
    ]);
    const items = rows.length ? await this.queries.items.execute({ orderIds: rows.map((r) => r.id) }) : [];
    return {
      orders: rows.map((row) => toBusinessOrder(row, items.filter((i) => i.orderId === row.id))),
      total,
      perPage,
      currentPage: page,
    };
  }

  /** The owner's status column: only OWNER_SETTABLE_STATUSES, only this pharmacy's orders, all or none. */
  async updateStatuses(caller: Caller, pharmSlug: string, changes: { orderId: number; status: OrderStatus }[]): Promise<{ orders: { orderId: number; status: OrderStatus }[] }> {
    if (changes.some((c) => !OWNER_SETTABLE_STATUSES.includes(c.status))) throw serviceError(400, ErrorCodes.badRequest, Messages.badRequest);
    await this.ensurePharmacy(pharmSlug);
    if (!changes.length) return { orders: [] };
    const result = await this.db.transaction(async (tx) => {
      const locked = await this.transitions.lock(tx, [...new Set(changes.map((c) => c.orderId))]);
      const byId = new Map(locked.filter((o) => o.pharmSlug === pharmSlug).map((o) => [o.id, o]));
      const now = this.clock.now();
      const answer: { orderId: number; status: OrderStatus }[] = [];
      for (const change of changes) {
        const order = byId.get(change.orderId);
        if (!order) throw orderNotFound();
        // Setting the status it already has changes nothing (the column saves every row it shows).
        // A final order refuses any other status: the aggregate's 409 'לא ניתן לשנות את סטטוס ההזמנה'.
        if (order.status !== change.status) await this.transitions.move(tx, order, change.status, now, caller.userId);
        answer.push({ orderId: order.id, status: order.status });
      }
      return answer;
    });
    this.relay.poke();
    return { orders: result };
  }

  /**
   * One order's ID number for a member of its pharmacy. Each reading is recorded with it, in one transaction: a row of
   * `id_number_reads` and `evt.order.audit.recorded` for identity's record of who did what (the order, its pharmacy,
   * the reader and when; never the number itself).
   */
  async idNumber(caller: Caller, pharmSlug: string, orderId: number): Promise<{ idNumber: string }> {
    await this.ensurePharmacy(pharmSlug);
    const answer = await this.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ ciphertext: orders.idNumberCiphertext, keyId: orders.idNumberKeyId, pharmName: orders.pharmName })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.pharmSlug, pharmSlug)));
      if (!order) throw orderNotFound();
      if (!order.ciphertext || !order.keyId) throw serviceError(410, ErrorCodes.notFound, Messages.orderNotFound);
      const idNumber = await this.keys.decryptIdNumber(order.keyId, order.ciphertext);
      const at = this.clock.now();
      await tx.insert(idNumberReads).values({ orderId, userId: caller.userId, at });
      await this.outbox.add(tx, Events.order.auditRecorded, {
        action: 'order.id-number-read', actorId: caller.userId, targetKind: 'order', targetId: String(orderId), targetLabel: order.pharmName, at: at.toISOString(),
      });
      return { idNumber };
    });
    this.relay.poke();
    return answer;
  }
}
