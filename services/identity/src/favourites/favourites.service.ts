import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, MAX_FAVORITES, Messages, type FavoriteSlugsResponse } from '@mc/contracts';
import { Clock, DATABASE, serviceError, type Database } from '@mc/kit';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Accounts } from '../accounts/accounts.service';
import { favorites } from '../db/schema';

/** A user's favourite products (by slug), newest first, at most MAX_FAVORITES. */
@Injectable()
export class FavouritesService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Accounts) private readonly accounts: Accounts,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async favorites(token: string): Promise<FavoriteSlugsResponse> {
    const user = await this.accounts.current(token);
    const rows = await this.db.select({ slug: favorites.productSlug }).from(favorites)
      .where(eq(favorites.userId, user.id)).orderBy(desc(favorites.createdAt)).limit(MAX_FAVORITES);
    return { productSlugs: rows.map((r) => r.slug) };
  }

  /** Adds a favourite (again is a no-op); a full list refuses more. */
  async addFavorite(token: string, productSlug: string): Promise<FavoriteSlugsResponse> {
    const user = await this.accounts.current(token);
    const [{ count }] = await this.db.select({ count: sql<number>`count(*)::int` }).from(favorites).where(eq(favorites.userId, user.id));
    if (count >= MAX_FAVORITES) throw serviceError(400, ErrorCodes.badRequest, Messages.favoritesFull);
    await this.db.insert(favorites).values({ userId: user.id, productSlug, createdAt: this.clock.now() }).onConflictDoNothing();
    return this.favorites(token);
  }

  async removeFavorite(token: string, productSlug: string): Promise<FavoriteSlugsResponse> {
    const user = await this.accounts.current(token);
    await this.db.delete(favorites).where(and(eq(favorites.userId, user.id), eq(favorites.productSlug, productSlug)));
    return this.favorites(token);
  }
}
