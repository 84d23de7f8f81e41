import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { DeliverySecretsModule } from '../delivery-secrets/delivery-secrets.module';
import { AuthHandlers } from './auth.handlers';
import { AuthService } from './auth.service';
import { GoogleAccounts } from './google-accounts.service';
import { GoogleHandlers } from './google.handlers';
import { SmsCodes } from './sms-codes.service';
import { SmsHandlers } from './sms.handlers';

/** Signing in: with a password (and its links), by an SMS code, with Google; and token refresh. */
@Module({
  imports: [AccountsModule, DeliverySecretsModule],
  controllers: [AuthHandlers, SmsHandlers, GoogleHandlers],
  providers: [AuthService, SmsCodes, GoogleAccounts],
  exports: [AuthService, SmsCodes],
})
export class AuthModule {}
