import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActivateRequest, ForgotPasswordDto, ResetPasswordRequest, SignInDto, SignUpDto, Subjects,
  type AuthTokenResponse,
} from '@mc/contracts';
import { Caller, RequireUser } from '@mc/kit';
import { AuthService } from './auth.service';

/**
 * Signing in with a password: sign-up, activation, sign-in, forgotten passwords. Refresh takes the caller from the
 * `x-caller` header (`@RequireUser()`: 401 without a valid one); the account behind it is still checked (active,
 * token version current).
 */
@Controller()
export class AuthHandlers {
  constructor(@Inject(AuthService) private readonly accounts: AuthService) {}

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

  @MessagePattern(Subjects.identity.signOut)
  @RequireUser()
  signOut(@Caller() caller: Caller): Promise<{ ok: true }> {
    return this.accounts.signOut(caller.token);
  }
}
