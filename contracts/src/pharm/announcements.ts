import { IsBoolean, IsIn, IsISO8601, IsOptional, MaxLength, ValidateBy } from 'class-validator';
import { Filled, INT4_MAX, IntInRange, NoControlChars, Trim } from '../forms/decorators';
import { Messages } from '../messages';
import { BusinessSlug } from '../business/common';
import { BusinessMessages } from '../business/messages';

export const ANNOUNCEMENT_TYPES = ['DISCOUNT', 'BANNER'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
/** Spec §9. */
export const ANNOUNCEMENT_CONTENT_MAX = 90;
/** The type a new announcement gets when its author may not choose one (only admins may; spec §6). */
export const DEFAULT_ANNOUNCEMENT_TYPE: AnnouncementType = 'BANNER';
/** Spec §5: the earliest end date the picker offers, and how far ahead the start picker reaches. */
export const EARLIEST_ANNOUNCEMENT_END = '2020-01-01';

/** Spec §3 Announcement in the back office; dates ISO. */
export interface BusinessAnnouncement {
  id: number;
  name: string;
  type: AnnouncementType;
  content: string;
  published: boolean;
  startDate: string;
  /** Null only for an announcement from before the back office (shown until removed); saving it asks for one. */
  endDate: string | null;
}

/** `GET …/announcements?page` (`pharm.business.announcements`). */
export interface BusinessAnnouncementsPage {
  announcements: BusinessAnnouncement[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** The announcement form and payload (spec §5). */
export class AnnouncementFields {
  /** Only an admin's choice counts, and only when creating (spec §6: fixed in edit mode). */
  @IsOptional() @IsIn(ANNOUNCEMENT_TYPES as unknown as string[], { message: Messages.badRequest })
  type?: AnnouncementType;

  @Trim() @Filled(BusinessMessages.announcementNameRequired) @MaxLength(100, { message: Messages.badRequest }) @NoControlChars(Messages.badRequest)
  name: string;

  @Trim() @Filled(BusinessMessages.announcementContentRequired)
  @MaxLength(ANNOUNCEMENT_CONTENT_MAX, { message: BusinessMessages.announcementContentTooLong }) @NoControlChars(Messages.badRequest)
  content: string;

  @IsBoolean({ message: Messages.badRequest })
  published: boolean;

  @IsISO8601({ strict: true }, { message: BusinessMessages.startDateRequired })
  startDate: string;

  @IsISO8601({ strict: true }, { message: BusinessMessages.endDateRequired })
  @ValidateBy({
    name: 'endAfterStart',
    validator: { validate: (v: unknown, args) => typeof v !== 'string' || !(Date.parse(v) < Date.parse((args?.object as AnnouncementFields).startDate)) },
  }, { message: BusinessMessages.endBeforeStart })
  endDate: string;
}

/** `POST …/announcements` (`pharm.business.announcement-create`). */
export class AnnouncementCreateCommand extends AnnouncementFields {
  @BusinessSlug()
  businessId: string;
}

/** `PATCH …/announcements/{id}` (`pharm.business.announcement-update`). */
export class AnnouncementUpdateCommand extends AnnouncementCreateCommand {
  @IntInRange(1, INT4_MAX, Messages.invalidUrl)
  id: number;
}
