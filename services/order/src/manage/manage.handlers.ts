import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PharmOrderCountsRequest, Subjects, UserOrderCountsRequest, type ManageCounts } from '@mc/contracts';
import { RequireAdmin } from '@mc/kit';
import { ManageCountsService } from './manage-counts.service';

/** The operator's console's order counts (admins only; the gateway adds them to pharm's and identity's pages). */
@Controller()
export class ManageHandlers {
  constructor(@Inject(ManageCountsService) private readonly counts: ManageCountsService) {}

  @MessagePattern(Subjects.order.managePharmCounts)
  @RequireAdmin()
  pharmCounts(@Payload() dto: PharmOrderCountsRequest): Promise<ManageCounts> {
    return this.counts.pharmCounts(dto.slugs);
  }

  @MessagePattern(Subjects.order.manageUserCounts)
  @RequireAdmin()
  userCounts(@Payload() dto: UserOrderCountsRequest): Promise<ManageCounts> {
    return this.counts.userCounts(dto.userIds);
  }
}
