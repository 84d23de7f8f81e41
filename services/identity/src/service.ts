import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { AddressesModule } from './addresses/address-book';
import { AccountAsksModule } from './auth/account-asks';
import { AuthModule } from './auth/auth.handlers';
import { GoogleModule } from './auth/google-sign-in';
import { SmsModule } from './auth/sms-codes';
import { IdentityEnv } from './config';
import { inbox, outbox } from './db/schema';

export const identityService: ServiceDefinition<IdentityEnv> = {
  name: 'identity',
  env: IdentityEnv,
  schema: 'identity',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [AuthModule, AddressesModule, SmsModule, GoogleModule, AccountAsksModule],
  ownAccessTokenVerifier: true,
};
