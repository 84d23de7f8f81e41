import { Module } from '@nestjs/common';
import { AnnouncementsHandlers } from './announcements.handlers';
import { AnnouncementsService } from './announcements.service';

@Module({
  controllers: [AnnouncementsHandlers],
  providers: [AnnouncementsService],
})
export class AnnouncementsModule {}
