import { Module } from '@nestjs/common';
import { ManageCountsService } from './manage-counts.service';
import { ManageHandlers } from './manage.handlers';

/** The operator's console's part of order (issue 30): order counts per pharmacy and per account, for admins. */
@Module({
  controllers: [ManageHandlers],
  providers: [ManageCountsService],
})
export class ManageModule {}
