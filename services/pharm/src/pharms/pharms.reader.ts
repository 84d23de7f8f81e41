import { Inject, Injectable } from '@nestjs/common';
import {
  Messages, PER_PAGE,
  type Announcement, type PharmDetailResponse, type PharmListResponse, type Slide,
} from '@mc/contracts';
import { DATABASE, notFound, type Database } from '@mc/kit';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { Clock } from '../common/clock';
import { asRecord, cleanPharmListQuery, cleanSlug } from '../common/sanitize';
import { searchCondition } from '../common/search';
import { announcements, pharmacies, pharmacyTags, pharmTags, slides } from '../db/schema';
import { PharmProductsReader } from '../pharm-products/pharm-products.reader';
import { loadPharmRecordBySlug, loadPharmRecords } from './pharm-records';
import { arrangePharms, toPharm, type PharmRecord } from './pharm-view';

/** Has at least one published, in-stock offer of a product the catalogue still has. */
const carriesProducts = sql`EXISTS (SELECT 1 FROM pharm.pharm_products pp JOIN pharm.products_view pv ON pv.slug = pp.product_slug
  WHERE pp.pharm_id = ${pharmacies.id} AND pp.published AND pp.in_stock AND NOT pv.deleted)`;

@Injectable()
export class PharmsReader {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PharmProductsReader) private readonly offers: PharmProductsReader,
  ) {}

  /**
   * SQL narrows by what it can index or join (search, area, delivery, tag, products); the rest (open
   * now in Israel, Saturday, distance and its facet, order, page) runs in code over at most the 200 rows.
   */
  async list(rawQuery: unknown): Promise<PharmListResponse> {
    const query = cleanPharmListQuery(rawQuery);
    const where: SQL[] = [];
    const search = searchCondition(sql`${pharmacies.searchText}`, query.search);
    if (search) where.push(search);
    if (query.area?.type === 'district') where.push(eq(pharmacies.district, query.area.name));
    if (query.area?.type === 'city') where.push(eq(pharmacies.city, query.area.name));
    if (query.delivery === 'free') where.push(inArray(pharmacies.shipping, ['free', 'free-all-country']));
    if (query.delivery === 'yes') where.push(ne(pharmacies.shipping, 'no-shipping'));
    if (query.tag) {
      where.push(sql`EXISTS (SELECT 1 FROM ${pharmacyTags} JOIN ${pharmTags} ON ${pharmTags.id} = ${pharmacyTags.tagId}
        WHERE ${pharmacyTags.pharmId} = ${pharmacies.id} AND ${pharmTags.slug} = ${query.tag})`);
    }
    if (query.hasPharmProducts) where.push(carriesProducts);
    const records = await loadPharmRecords(this.db, where.length ? and(...where) : undefined);
    const { page, total, distances } = arrangePharms(records, query, this.clock.now());
    return { pharms: page, perPage: PER_PAGE.pharms, total, currentPage: query.page, filtersData: { distances } };
  }

  async get(rawRequest: unknown): Promise<PharmDetailResponse> {
    const request = asRecord(rawRequest);
    const pharm = await this.pharmOr404(request.slug);
    const location = cleanPharmListQuery({ location: request.location }).location;
    const now = this.clock.now();
    const active: Announcement[] = await this.db
      .select({ content: announcements.content })
      .from(announcements)
      .where(and(
        eq(announcements.pharmId, pharm.id),
        lte(announcements.startsAt, now),
        or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
      ))
      .orderBy(desc(announcements.startsAt), asc(announcements.id));
    return { pharm: toPharm(pharm, now, location), announcements: active };
  }

  async slides(rawRequest: unknown): Promise<{ slides: Slide[] }> {
    const pharm = await this.pharmOr404(asRecord(rawRequest).slug);
    const now = this.clock.now();
    const rows = await this.db.select().from(slides).where(eq(slides.pharmId, pharm.id)).orderBy(asc(slides.placement));
    const shown: Slide[] = [];
    for (const row of rows) {
      shown.push({
        placement: row.placement,
        type: row.type,
        template: row.template,
        templateData: row.templateData,
        pharmProducts: row.type === 'pharmProductsQuery' ? await this.offers.slideOffers(pharm, row, now) : [],
        imageUrl: row.imageUrl,
      });
    }
    return { slides: shown };
  }

  private async pharmOr404(rawSlug: unknown): Promise<PharmRecord> {
    const slug = cleanSlug(rawSlug);
    const pharm = slug ? await loadPharmRecordBySlug(this.db, slug) : undefined;
    if (!pharm) throw notFound(Messages.pharmNotFound);
    return pharm;
  }
}
