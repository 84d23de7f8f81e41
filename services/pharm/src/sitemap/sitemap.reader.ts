import { Inject, Injectable } from '@nestjs/common';
import type { PharmSitemap } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { asc, eq } from 'drizzle-orm';
import { pharmacies } from '../db/schema';

/** Every live pharmacy's page, for the gateway's sitemap.xml. */
@Injectable()
export class SitemapReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async get(): Promise<PharmSitemap> {
    const rows = await this.db.select({ slug: pharmacies.slug, updatedAt: pharmacies.updatedAt }).from(pharmacies).where(eq(pharmacies.state, 'live')).orderBy(asc(pharmacies.slug));
    return { pharms: rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() })) };
  }
}
