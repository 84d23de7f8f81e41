import { Inject, Injectable } from '@nestjs/common';
import {
  Messages, PER_PAGE,
  type Announcement, type PharmDetailResponse, type PharmGetRequest, type PharmListQuery, type PharmListResponse, type PharmSlugRequest, type Slide,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, type Database } from '@mc/kit';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { loadPharmRecordInAnyState } from '../common/pharm-records';
import { searchCondition } from '../common/search';
import { announcements, pharmacies, slides } from '../db/schema';
import { PharmProductsReader } from '../pharm-products/pharm-products.reader';
import { PharmDirectory } from '../offers/pharm-directory';
import { arrangePharms, matchesProfile, momentOf, toPharm, type PharmRecord } from '../common/pharm-view';

@Injectable()
export class PharmsReader {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PharmDirectory) private readonly directory: PharmDirectory,
    @Inject(PharmProductsReader) private readonly offers: PharmProductsReader,
  ) {}

  /**
   * Everything but search runs in code over the directory (profile filters, tag, has products, open now
   * in Israel, Saturday, distance and its facet, order and page); search needs the trigram index.
   */
  async list(query: PharmListQuery): Promise<PharmListResponse> {
    const snapshot = await this.directory.snapshot();
    const found = await this.searchIds(query.search);
    const now = this.clock.now();
    const tagSellers = query.tag ? snapshot.sellersOf(query.tag, now.getTime()) : undefined;
    const records = snapshot.all.filter((r) => (!found || found.has(r.id))
      && matchesProfile(r, query)
      && (!query.tag || r.tags.some((t) => t.slug === query.tag) || tagSellers!.has(r.id))
      && (!query.hasPharmProducts || snapshot.sellsSomething(r.id, now.getTime())));
    const { page, total, distances } = arrangePharms(records, query, momentOf(now), snapshot.ranks);
    return { pharms: page, perPage: PER_PAGE.pharms, total, currentPage: query.page, filtersData: { distances } };
  }

  /** A live pharmacy's page; with `anyState`, a pharmacy in any state (the check that a business is a pharmacy). */
  async get(request: PharmGetRequest): Promise<PharmDetailResponse> {
    const pharm = request.anyState
      ? (await this.directory.bySlug(request.slug)) ?? (await loadPharmRecordInAnyState(this.db, request.slug))
      : await this.directory.bySlug(request.slug);
    if (!pharm) throw notFound(Messages.pharmNotFound);
    const now = this.clock.now();
    const active: Announcement[] = await this.db
      .select({ content: announcements.content })
      .from(announcements)
      .where(and(
        eq(announcements.pharmId, pharm.id),
        eq(announcements.published, true),
        lte(announcements.startsAt, now),
        or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
      ))
      .orderBy(desc(announcements.startsAt), asc(announcements.id));
    return { pharm: toPharm(pharm, momentOf(now), request.location), announcements: active };
  }

  async slides(request: PharmSlugRequest): Promise<{ slides: Slide[] }> {
    const pharm = await this.pharmOr404(request.slug);
    const now = this.clock.now();
    const rows = await this.db.select().from(slides).where(eq(slides.pharmId, pharm.id)).orderBy(asc(slides.placement));
    const shown = await Promise.all(rows.map(async (row): Promise<Slide> => ({
      placement: row.placement,
      type: row.type,
      template: row.template,
      templateData: row.templateData,
      pharmProducts: row.type === 'pharmProductsQuery' ? await this.offers.slideOffers(pharm, row, now) : [],
      imageUrl: row.imageUrl,
    })));
    return { slides: shown };
  }

  /** Ids of the pharmacies whose name, city or address match a search, or undefined without one. */
  private async searchIds(search: string | undefined): Promise<Set<number> | undefined> {
    const condition = searchCondition(sql`${pharmacies.searchText}`, search);
    if (!condition) return undefined;
    const rows = await this.db.select({ id: pharmacies.id }).from(pharmacies).where(condition);
    return new Set(rows.map((r) => r.id));
  }

  private async pharmOr404(slug: string): Promise<PharmRecord> {
    const pharm = await this.directory.bySlug(slug);
    if (!pharm) throw notFound(Messages.pharmNotFound);
    return pharm;
  }
}
