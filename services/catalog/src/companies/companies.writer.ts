import { Inject, Injectable } from '@nestjs/common';
import { CompanyMessages, searchDocument, type CompanySupplyCommand, type ProductSupply } from '@mc/contracts';
import { badRequest, Clock, DATABASE, notFound, type Database } from '@mc/kit';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { companies, products, productSupply, supplyEdits } from '../db/schema';
import { isCalendarDay, israelDay } from './calendar';

/** Where a company's generated logo is served (the gateway answers it from `catalog.media.get`, kind `company`). */
export const companyLogoUrl = (slug: string): string => `/media/companies/${slug}.svg`;

/** A company as the seed gives it. */
export interface CompanyInput {
  slug: string;
  name: string;
  licenceNumber?: string | null;
  /** Defaults to the generated logo. */
  logoUrl?: string | null;
}

/** The catalogue's writes of companies and of their supply reports. */
@Injectable()
export class CompaniesWriter {
  constructor(@Inject(DATABASE) private readonly db: Database, @Inject(Clock) private readonly clock: Clock) {}

  /** Creates or updates companies by slug (a row whose content is unchanged is not written). Returns how many changed. */
  async upsertMany(inputs: CompanyInput[]): Promise<number> {
    if (!inputs.length) return 0;
    const rows = [...new Map(inputs.map((c) => [c.slug, c])).values()].map((c) => ({
      slug: c.slug,
      name: c.name,
      licenceNumber: c.licenceNumber ?? null,
      logoUrl: c.logoUrl === undefined ? companyLogoUrl(c.slug) : c.logoUrl,
      searchText: searchDocument(c.name, c.slug),
    }));
    const saved = await this.db.insert(companies).values(rows).onConflictDoUpdate({
      target: companies.slug,
      set: { name: sql`excluded.name`, licenceNumber: sql`excluded.licence_number`, logoUrl: sql`excluded.logo_url`, searchText: sql`excluded.search_text`, updatedAt: sql`now()` },
      setWhere: sql`(${companies.name}, ${companies.licenceNumber}, ${companies.logoUrl}, ${companies.searchText})
        IS DISTINCT FROM (excluded.name, excluded.licence_number, excluded.logo_url, excluded.search_text)`,
    }).returning({ id: companies.id });
    return saved.length;
  }

  /** Deletes every company whose slug is not in `keep` (none may still have products: remove those first). Returns how many. */
  async removeMissing(keep: string[]): Promise<number> {
    const gone = await this.db.delete(companies).where(keep.length ? notInArray(companies.slug, keep) : sql`TRUE`).returning({ id: companies.id });
    return gone.length;
  }

  /**
   * The company's report of one of its products (`PATCH …/stock`): the current state and its edit, in one transaction.
   * 404 for a product not the company's, 400 for a day that is no day or already past in Israel; `available` has no day.
   */
  async updateSupply(command: CompanySupplyCommand, editedBy: number): Promise<ProductSupply> {
    const until = command.state === 'available' ? null : command.until!;
    if (until !== null) {
      if (!isCalendarDay(until)) throw badRequest(CompanyMessages.untilRequired);
      if (until < israelDay(this.clock.now())) throw badRequest(CompanyMessages.untilInPast);
    }
    const units = command.units ?? null;
    const at = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [product] = await tx.select({ id: products.id }).from(products)
        .where(and(eq(products.id, command.productId), eq(products.companySlug, command.slug)))
        .for('share');
      if (!product) throw notFound(CompanyMessages.productNotOfCompany);
      const report = { companySlug: command.slug, state: command.state, until, units, editedBy };
      const [saved] = await tx.insert(productSupply).values({ productId: product.id, ...report, updatedAt: at })
        .onConflictDoUpdate({ target: productSupply.productId, set: { ...report, updatedAt: at } })
        .returning();
      await tx.insert(supplyEdits).values({ productId: product.id, ...report, editedAt: at });
      return { state: saved.state, until: saved.until, units: saved.units, updatedAt: saved.updatedAt.toISOString() };
    });
  }
}
