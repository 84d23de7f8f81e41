import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BusinessRequest, BusinessUpdateCommand, membershipClaim, OpeningHoursUpdateCommand, Subjects,
  type BusinessCard, type OpeningHours, type PharmBusinessInfo,
} from '@mc/contracts';
import { Caller, RequireBusiness, type Caller as CallerType } from '@mc/kit';
import { BusinessInfoService } from './business-info.service';

/** The back office's dashboard part kept by pharm: the card, contact details and opening hours (members and admins). */
@Controller()
export class BusinessInfoHandlers {
  constructor(@Inject(BusinessInfoService) private readonly service: BusinessInfoService) {}

  @MessagePattern(Subjects.pharm.businessGet)
  @RequireBusiness()
  get(@Payload() request: BusinessRequest, @Caller() caller: CallerType | null): Promise<PharmBusinessInfo> {
    // The back office's first call: an admin opening a pharmacy they are not a member of is on the record.
    const outsider = caller?.role === 'admin' && !caller.businesses.includes(membershipClaim('pharmacy', request.businessId));
    return this.service.get(request.businessId, outsider ? caller.userId : undefined);
  }

  @MessagePattern(Subjects.pharm.businessUpdate)
  @RequireBusiness()
  update(@Payload() command: BusinessUpdateCommand): Promise<BusinessCard> {
    return this.service.update(command);
  }

  @MessagePattern(Subjects.pharm.businessHoursUpdate)
  @RequireBusiness()
  hours(@Payload() command: OpeningHoursUpdateCommand): Promise<{ openingHours: OpeningHours }> {
    return this.service.updateHours(command.businessId, command.openingHours);
  }
}
