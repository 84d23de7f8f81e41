import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BusinessAccessCommand, Subjects, type AuthTokenResponse, type BusinessesResponse } from '@mc/contracts';
import { Caller, RequireUser } from '@mc/kit';
import { BusinessesService } from './businesses.service';

/** The businesses a signed-in manager runs, and a business access token for one of them. */
@Controller()
export class BusinessesHandlers {
  constructor(@Inject(BusinessesService) private readonly accounts: BusinessesService) {}

  @MessagePattern(Subjects.identity.userBusinesses)
  @RequireUser()
  businesses(@Caller() caller: Caller): Promise<BusinessesResponse> {
    return this.accounts.businesses(caller.token);
  }

  @MessagePattern(Subjects.identity.businessAccess)
  @RequireUser()
  accessBusiness(@Caller() caller: Caller, @Payload() dto: BusinessAccessCommand): Promise<AuthTokenResponse> {
    return this.accounts.accessBusiness(caller.token, dto.businessId);
  }
}
