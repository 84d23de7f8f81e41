import { Controller, Inject, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActivateRequest, BusinessAccessCommand, ChangePasswordCommand, FavoriteDto, ForgotPasswordDto, GeoLocationDto, ResetPasswordRequest, SignInDto, SignUpDto, Subjects,
  UnsubscribeRequest, UpdateUserCommand,
  type AuthTokenResponse, type BusinessesResponse, type FavoriteSlugsResponse, type SigningKeysResponse, type UserProfile,
} from '@mc/contracts';
import { ACCESS_TOKEN_VERIFIER, Caller, RequireUser } from '@mc/kit';
import { SigningKeys } from '../keys/signing-keys';
import { AccountsService } from './accounts.service';
import { DeliverySecretHandlers, DeliverySecrets } from './delivery-secrets';
import { HashPool } from './hash-pool';

/**
 * The signed-in user's subjects take the caller from the `x-caller` header (`@RequireUser()`: 401 without a valid
 * one); the account behind it is still checked on every call (active, token version current).
 */
@Controller()
export class AuthHandlers {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(SigningKeys) private readonly keys: SigningKeys,
  ) {}

  @MessagePattern(Subjects.identity.signUp)
  signUp(@Payload() dto: SignUpDto): Promise<{ ok: true }> {
    return this.accounts.signUp(dto);
  }

  @MessagePattern(Subjects.identity.resendActivation)
  resendActivation(@Payload() dto: ForgotPasswordDto): Promise<{ message: string }> {
    return this.accounts.resendActivation(dto.email);
  }

  @MessagePattern(Subjects.identity.activate)
  activate(@Payload() dto: ActivateRequest): Promise<AuthTokenResponse> {
    return this.accounts.activate(dto.activationToken);
  }

  @MessagePattern(Subjects.identity.signIn)
  signIn(@Payload() dto: SignInDto): Promise<AuthTokenResponse> {
    return this.accounts.signIn(dto.email, dto.password);
  }

  @MessagePattern(Subjects.identity.forgotPassword)
  forgotPassword(@Payload() dto: ForgotPasswordDto): Promise<{ message: string }> {
    return this.accounts.forgotPassword(dto.email);
  }

  @MessagePattern(Subjects.identity.resetPassword)
  resetPassword(@Payload() dto: ResetPasswordRequest): Promise<AuthTokenResponse> {
    return this.accounts.resetPassword(dto.token, dto.newPassword);
  }

  @MessagePattern(Subjects.identity.refresh)
  @RequireUser()
  refresh(@Caller() caller: Caller): Promise<AuthTokenResponse> {
    return this.accounts.refresh(caller.token);
  }

  @MessagePattern(Subjects.identity.userGet)
  @RequireUser()
  profile(@Caller() caller: Caller): Promise<UserProfile> {
    return this.accounts.profile(caller.token);
  }

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

  @MessagePattern(Subjects.identity.passwordChange)
  @RequireUser()
  changePassword(@Caller() caller: Caller, @Payload() dto: ChangePasswordCommand): Promise<AuthTokenResponse> {
    return this.accounts.changePassword(caller.token, dto.currentPassword, dto.newPassword);
  }

  @MessagePattern(Subjects.identity.unsubscribe)
  unsubscribe(@Payload() dto: UnsubscribeRequest): Promise<{ message: string }> {
    return this.accounts.unsubscribe(dto);
  }

  @MessagePattern(Subjects.identity.favoritesList)
  @RequireUser()
  favorites(@Caller() caller: Caller): Promise<FavoriteSlugsResponse> {
    return this.accounts.favorites(caller.token);
  }

  @MessagePattern(Subjects.identity.favoriteAdd)
  @RequireUser()
  addFavorite(@Caller() caller: Caller, @Payload() dto: FavoriteDto): Promise<FavoriteSlugsResponse> {
    return this.accounts.addFavorite(caller.token, dto.productSlug);
  }

  @MessagePattern(Subjects.identity.favoriteRemove)
  @RequireUser()
  removeFavorite(@Caller() caller: Caller, @Payload() dto: FavoriteDto): Promise<FavoriteSlugsResponse> {
    return this.accounts.removeFavorite(caller.token, dto.productSlug);
  }

  @MessagePattern(Subjects.identity.keysGet)
  publicKeys(): SigningKeysResponse {
    return this.keys.publicKeys();
  }
}

@Module({
  controllers: [AuthHandlers, DeliverySecretHandlers],
  // Identity signs the access tokens: it verifies its callers with its own keys, not over NATS.
  providers: [AccountsService, SigningKeys, DeliverySecrets, HashPool, { provide: ACCESS_TOKEN_VERIFIER, useExisting: SigningKeys }],
  exports: [AccountsService, DeliverySecrets, SigningKeys],
})
export class AuthModule {}
