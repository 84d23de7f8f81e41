import { Controller, Inject, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActivateRequest, BusinessAccessCommand, ChangePasswordCommand, FavoriteCommand, ForgotPasswordDto, GeoLocationCommand, RefreshRequest, ResetPasswordRequest, SignInDto, SignUpDto, Subjects,
  UnsubscribeRequest, UpdateUserCommand,
  type AuthTokenResponse, type BusinessesResponse, type FavoriteSlugsResponse, type SigningKeysResponse, type UserProfile,
} from '@mc/contracts';
import { ACCESS_TOKEN_VERIFIER } from '@mc/kit';
import { SigningKeys } from '../keys/signing-keys';
import { AccountsService } from './accounts.service';
import { DeliverySecretHandlers, DeliverySecrets } from './delivery-secrets';
import { HashPool } from './hash-pool';

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
  refresh(@Payload() dto: RefreshRequest): Promise<AuthTokenResponse> {
    return this.accounts.refresh(dto.token);
  }

  @MessagePattern(Subjects.identity.userGet)
  profile(@Payload() dto: RefreshRequest): Promise<UserProfile> {
    return this.accounts.profile(dto.token);
  }

  @MessagePattern(Subjects.identity.userBusinesses)
  businesses(@Payload() dto: RefreshRequest): Promise<BusinessesResponse> {
    return this.accounts.businesses(dto.token);
  }

  @MessagePattern(Subjects.identity.businessAccess)
  accessBusiness(@Payload() dto: BusinessAccessCommand): Promise<AuthTokenResponse> {
    return this.accounts.accessBusiness(dto.token, dto.businessId);
  }

  @MessagePattern(Subjects.identity.userUpdate)
  update(@Payload() dto: UpdateUserCommand): Promise<UserProfile> {
    return this.accounts.update(dto.token, dto);
  }

  @MessagePattern(Subjects.identity.userGeo)
  storeGeoLocation(@Payload() dto: GeoLocationCommand): Promise<{ ok: true }> {
    return this.accounts.storeGeoLocation(dto.token, dto.lat, dto.lng);
  }

  @MessagePattern(Subjects.identity.passwordChange)
  changePassword(@Payload() dto: ChangePasswordCommand): Promise<AuthTokenResponse> {
    return this.accounts.changePassword(dto.token, dto.currentPassword, dto.newPassword);
  }

  @MessagePattern(Subjects.identity.unsubscribe)
  unsubscribe(@Payload() dto: UnsubscribeRequest): Promise<{ message: string }> {
    return this.accounts.unsubscribe(dto);
  }

  @MessagePattern(Subjects.identity.favoritesList)
  favorites(@Payload() dto: RefreshRequest): Promise<FavoriteSlugsResponse> {
    return this.accounts.favorites(dto.token);
  }

  @MessagePattern(Subjects.identity.favoriteAdd)
  addFavorite(@Payload() dto: FavoriteCommand): Promise<FavoriteSlugsResponse> {
    return this.accounts.addFavorite(dto.token, dto.productSlug);
  }

  @MessagePattern(Subjects.identity.favoriteRemove)
  removeFavorite(@Payload() dto: FavoriteCommand): Promise<FavoriteSlugsResponse> {
    return this.accounts.removeFavorite(dto.token, dto.productSlug);
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
