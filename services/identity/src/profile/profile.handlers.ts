import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ChangePasswordCommand, FillPhoneCommand, GeoLocationDto, Subjects, UnsubscribeRequest, UpdateUserCommand,
  type AuthTokenResponse, type UserProfile,
} from '@mc/contracts';
import { Caller, RequireUser } from '@mc/kit';
import { ProfileService } from './profile.service';

/** The signed-in user's account (the caller from the `x-caller` header); unsubscribing also by a link's signature. */
@Controller()
export class ProfileHandlers {
  constructor(@Inject(ProfileService) private readonly accounts: ProfileService) {}

  @MessagePattern(Subjects.identity.userGet)
  @RequireUser()
  profile(@Caller() caller: Caller): Promise<UserProfile> {
    return this.accounts.profile(caller.token);
  }

  @MessagePattern(Subjects.identity.userUpdate)
  @RequireUser()
  update(@Caller() caller: Caller, @Payload() dto: UpdateUserCommand): Promise<UserProfile> {
    return this.accounts.update(caller.token, dto);
  }

  @MessagePattern(Subjects.identity.userGeo)
  @RequireUser()
  storeGeoLocation(@Caller() caller: Caller, @Payload() dto: GeoLocationDto): Promise<{ ok: true }> {
    return this.accounts.storeGeoLocation(caller.token, dto.lat, dto.lng);
  }

  @MessagePattern(Subjects.identity.phoneFill)
  @RequireUser()
  fillPhone(@Caller() caller: Caller, @Payload() dto: FillPhoneCommand): Promise<{ filled: boolean }> {
    return this.accounts.fillPhone(caller.token, dto.phone);
  }

  @MessagePattern(Subjects.identity.passwordChange)
  @RequireUser()
  changePassword(@Caller() caller: Caller, @Payload() dto: ChangePasswordCommand): Promise<AuthTokenResponse> {
    return this.accounts.changePassword(caller.token, dto.currentPassword, dto.newPassword);
  }

  @MessagePattern(Subjects.identity.unsubscribe)
  unsubscribe(@Payload() dto: UnsubscribeRequest): Promise<{ message: string }> {
    return this.accounts.unsubscribe(dto);
  }
}
