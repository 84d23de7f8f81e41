import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ManagePharmListRequest, ManagePharmRequest, PharmManageUpdateCommand, PharmOnboardCommand, Subjects,
  type ManagedPharm, type ManagedPharmsPage,
} from '@mc/contracts';
import { Caller, RequireAdmin, type Caller as CallerType } from '@mc/kit';
import { ManageService } from './manage.service';

/** The operator's console, pharm's part (issue 30): every pharmacy in any state, onboarding and changes. Admins only. */
@Controller()
export class ManageHandlers {
  constructor(@Inject(ManageService) private readonly service: ManageService) {}

  @MessagePattern(Subjects.pharm.manageList)
  @RequireAdmin()
  list(@Payload() request: ManagePharmListRequest): Promise<ManagedPharmsPage> {
    return this.service.list(request);
  }

  @MessagePattern(Subjects.pharm.manageGet)
  @RequireAdmin()
  get(@Payload() request: ManagePharmRequest): Promise<ManagedPharm> {
    return this.service.get(request.slug);
  }

  @MessagePattern(Subjects.pharm.manageOnboard)
  @RequireAdmin()
  onboard(@Payload() command: PharmOnboardCommand, @Caller() caller: CallerType): Promise<ManagedPharm> {
    return this.service.onboard(command, caller.userId);
  }

  @MessagePattern(Subjects.pharm.manageUpdate)
  @RequireAdmin()
  update(@Payload() command: PharmManageUpdateCommand, @Caller() caller: CallerType): Promise<ManagedPharm> {
    return this.service.update(command, caller.userId);
  }
}
