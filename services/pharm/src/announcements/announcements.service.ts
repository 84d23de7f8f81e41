import { Inject, Injectable } from '@nestjs/common';
import {
  BUSINESS_PAGE_SIZE, BusinessMessages, DEFAULT_ANNOUNCEMENT_TYPE, type AnnouncementCreateCommand, type AnnouncementUpdateCommand,
  type BusinessAnnouncement, type BusinessAnnouncementsPage, type BusinessItemRequest, type BusinessPageRequest,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, type Caller, type Database, type Tx } from '@mc/kit';
import { and, count, desc, eq } from 'drizzle-orm';
import { businessPharm } from '../common/business-pharm';
import { announcements } from '../db/schema';

type AnnouncementRow = typeof announcements.$inferSelect;

function toBusinessAnnouncement(row: AnnouncementRow): BusinessAnnouncement {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    content: row.content,
    published: row.published,
    startDate: row.startsAt.toISOString(),
    endDate: row.endsAt?.toISOString() ?? null,
  };
}

/**
 * A pharmacy's announcements in its back office (spec §3, §5, §6). The caller's membership of `businessId` was
 * checked by `@RequireBusiness()`; an admin passes that for any slug, so each call first finds the pharmacy (404
 * for a slug that is not one) and touches only that pharmacy's rows. The public page reads the table directly
 * (PharmsReader.get, no cache of its own), so a change shows there on the next read. The pharmacy's `updatedAt`
 * stays: it tells how fresh prices and stock are, which an announcement does not change. Nothing outside pharm
 * keeps announcements, so a change has no event.
 */
@Injectable()
export class AnnouncementsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Newest first. */
  async list(request: BusinessPageRequest): Promise<BusinessAnnouncementsPage> {
    const pharmId = await this.pharmId(this.db, request.businessId);
    const perPage = BUSINESS_PAGE_SIZE.announcements;
    const currentPage = request.page ?? 1;
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(announcements).where(eq(announcements.pharmId, pharmId))
        .orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(perPage).offset((currentPage - 1) * perPage),
      this.db.select({ total: count() }).from(announcements).where(eq(announcements.pharmId, pharmId)),
    ]);
    return { announcements: rows.map(toBusinessAnnouncement), total, perPage, currentPage };
  }

  async get(request: BusinessItemRequest): Promise<{ announcement: BusinessAnnouncement }> {
    const pharmId = await this.pharmId(this.db, request.businessId);
    const [row] = await this.db.select().from(announcements).where(and(eq(announcements.id, request.id), eq(announcements.pharmId, pharmId)));
    if (!row) throw notFound(BusinessMessages.announcementNotFound);
    return { announcement: toBusinessAnnouncement(row) };
  }

  /** Only an admin chooses the type (spec §6); anyone else's announcement gets the default, whatever they sent. */
  async create(request: AnnouncementCreateCommand, caller: Caller): Promise<{ announcement: BusinessAnnouncement }> {
    const type = caller.role === 'admin' && request.type ? request.type : DEFAULT_ANNOUNCEMENT_TYPE;
    const row = await this.db.transaction(async (tx) => {
      const pharmId = await this.pharmId(tx, request.businessId);
      const now = this.clock.now();
      const [created] = await tx.insert(announcements).values({ pharmId, type, ...fieldsOf(request), createdAt: now }).returning();
      return created;
    });
    return { announcement: toBusinessAnnouncement(row) };
  }

  /** The type is fixed once created (spec §6 "fixed in edit mode"): a `type` sent here is ignored, an admin's too. */
  async update(request: AnnouncementUpdateCommand): Promise<{ announcement: BusinessAnnouncement }> {
    const row = await this.db.transaction(async (tx) => {
      const pharmId = await this.pharmId(tx, request.businessId);
      const [updated] = await tx.update(announcements).set(fieldsOf(request))
        .where(and(eq(announcements.id, request.id), eq(announcements.pharmId, pharmId))).returning();
      if (!updated) throw notFound(BusinessMessages.announcementNotFound);
      return updated;
    });
    return { announcement: toBusinessAnnouncement(row) };
  }

  async remove(request: BusinessItemRequest): Promise<{ ok: true }> {
    await this.db.transaction(async (tx) => {
      const pharmId = await this.pharmId(tx, request.businessId);
      const gone = await tx.delete(announcements)
        .where(and(eq(announcements.id, request.id), eq(announcements.pharmId, pharmId))).returning({ id: announcements.id });
      if (!gone.length) throw notFound(BusinessMessages.announcementNotFound);
    });
    return { ok: true };
  }

  /** The pharmacy of a business id (404 for a business that is not a pharmacy). */
  private async pharmId(db: Database | Tx, slug: string): Promise<number> {
    return (await businessPharm(db, slug)).id;
  }
}

function fieldsOf(request: AnnouncementCreateCommand) {
  return {
    name: request.name,
    content: request.content,
    published: request.published,
    startsAt: new Date(request.startDate),
    endsAt: new Date(request.endDate),
  };
}
