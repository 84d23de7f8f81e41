import { Inject, Injectable } from '@nestjs/common';
import { canAddToCart, CART_MAX_LINES, ErrorCodes, isValidCartAmount, Messages, type CookieCartItem, type ServerCart } from '@mc/contracts';
import { Clock, DATABASE, serviceError, type Database, type Tx } from '@mc/kit';
import { eq } from 'drizzle-orm';
import { carts } from '../db/schema';

const cartLimit = () => serviceError(400, ErrorCodes.badRequest, Messages.cartLimit);
const badRequest = () => serviceError(400, ErrorCodes.badRequest, Messages.badRequest);

/**
 * One cart per user (spec 3: items plus updatedAt). Every change reads the cart under a row lock in its
 * transaction, so concurrent changes by one user run one after another and none is lost.
 */
@Injectable()
export class CartsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async get(userId: number): Promise<ServerCart> {
    const [row] = await this.db.select().from(carts).where(eq(carts.userId, userId));
    return row ? { items: row.items, updatedAt: row.updatedAt.toISOString() } : { items: [], updatedAt: null };
  }

  /** Replaces the whole list (the DTO already holds each product once, 1–10 of it, at most CART_MAX_LINES lines). */
  store(userId: number, items: CookieCartItem[]): Promise<ServerCart> {
    return this.change(userId, () => items);
  }

  /** Adds `amount` to the product's line (a new line at the end); the sum stays at most 10. */
  add(userId: number, pharmProductId: number, amount: number): Promise<ServerCart> {
    return this.change(userId, (items) => {
      const existing = items.find((item) => item.pharmProductId === pharmProductId);
      if (!canAddToCart(existing?.amount ?? 0, amount)) throw cartLimit();
      if (existing) return items.map((item) => (item === existing ? { pharmProductId, amount: existing.amount + amount } : item));
      if (items.length >= CART_MAX_LINES) throw badRequest();
      return [...items, { pharmProductId, amount }];
    });
  }

  /** Sets the amount of a line the cart holds (404 for a product it does not hold). */
  update(userId: number, pharmProductId: number, amount: number): Promise<ServerCart> {
    return this.change(userId, (items) => {
      if (!isValidCartAmount(amount)) throw cartLimit();
      if (!items.some((item) => item.pharmProductId === pharmProductId)) throw serviceError(404, ErrorCodes.notFound, Messages.productNotFound);
      return items.map((item) => (item.pharmProductId === pharmProductId ? { pharmProductId, amount } : item));
    });
  }

  /** Removes the product's line (removing one the cart does not hold changes nothing but the time). */
  remove(userId: number, pharmProductId: number): Promise<ServerCart> {
    return this.change(userId, (items) => items.filter((item) => item.pharmProductId !== pharmProductId));
  }

  /**
   * Drops the lines of these products from the user's cart, in the caller's transaction (the ordered lines of a placed
   * batch, with its inbox row); the time moves forward only when a line left. No cart: nothing to do.
   */
  async dropLines(tx: Tx, userId: number, pharmProductIds: number[]): Promise<void> {
    const [row] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
    if (!row) return;
    const ordered = new Set(pharmProductIds);
    const items = row.items.filter((item) => !ordered.has(item.pharmProductId));
    if (items.length === row.items.length) return;
    await tx.update(carts).set({ items, updatedAt: this.nextUpdatedAt(row.updatedAt) }).where(eq(carts.userId, userId));
  }

  /** Every change moves the time forward, even two in one millisecond or after the clock moved back. */
  private nextUpdatedAt(previous: Date): Date {
    const now = this.clock.now();
    return now > previous ? now : new Date(previous.getTime() + 1);
  }

  private change(userId: number, next: (items: CookieCartItem[]) => CookieCartItem[]): Promise<ServerCart> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      // The first change creates the row, so there is always a row to lock.
      const created = await tx.insert(carts).values({ userId, items: [], updatedAt: now }).onConflictDoNothing().returning({ userId: carts.userId });
      const [row] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
      const items = next(row.items);
      const updatedAt = created.length ? now : this.nextUpdatedAt(row.updatedAt);
      await tx.update(carts).set({ items, updatedAt }).where(eq(carts.userId, userId));
      return { items, updatedAt: updatedAt.toISOString() };
    });
  }
}
