import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GoogleSignInCommand, Subjects, type AuthTokenResponse } from '@mc/contracts';
import { GoogleAccounts } from './google-accounts.service';

/** Sign-in with Google (the gateway has exchanged the code and read the account). */
@Controller()
export class GoogleHandlers {
  constructor(@Inject(GoogleAccounts) private readonly google: GoogleAccounts) {}

  @MessagePattern(Subjects.identity.googleSignIn)
  signIn(@Payload() dto: GoogleSignInCommand): Promise<AuthTokenResponse> {
    return this.google.signIn(dto);
  }
}
