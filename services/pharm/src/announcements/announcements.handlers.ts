import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AnnouncementCreateCommand, AnnouncementUpdateCommand, BusinessItemRequest, BusinessPageRequest, Subjects,
  type BusinessAnnouncement, type BusinessAnnouncementsPage,
} from '@mc/contracts';
import { Caller, RequireBusiness } from '@mc/kit';
import { AnnouncementsService } from './announcements.service';

/** The back office's announcements (API.md "Back office"): members of the pharmacy's business and admins only. */
@Controller()
@RequireBusiness()
export class AnnouncementsHandlers {
  constructor(@Inject(AnnouncementsService) private readonly announcements: AnnouncementsService) {}

  @MessagePattern(Subjects.pharm.businessAnnouncements)
  list(@Payload() request: BusinessPageRequest): Promise<BusinessAnnouncementsPage> {
    return this.announcements.list(request);
  }

  @MessagePattern(Subjects.pharm.businessAnnouncementGet)
  get(@Payload() request: BusinessItemRequest): Promise<{ announcement: BusinessAnnouncement }> {
    return this.announcements.get(request);
  }

  @MessagePattern(Subjects.pharm.businessAnnouncementCreate)
  create(@Payload() request: AnnouncementCreateCommand, @Caller() caller: Caller): Promise<{ announcement: BusinessAnnouncement }> {
    return this.announcements.create(request, caller);
  }

  @MessagePattern(Subjects.pharm.businessAnnouncementUpdate)
  update(@Payload() request: AnnouncementUpdateCommand): Promise<{ announcement: BusinessAnnouncement }> {
    return this.announcements.update(request);
  }

  @MessagePattern(Subjects.pharm.businessAnnouncementRemove)
  remove(@Payload() request: BusinessItemRequest): Promise<{ ok: true }> {
    return this.announcements.remove(request);
  }
}
